import { GENERATION_MESSAGES } from '../../contract/generations.ts'
import type { PublicGeneration, PublicGenerationKind } from '../../contract/public-api/generations.ts'
import type { JobRow, VIDEO_GENERATION_KINDS } from '../db/schema-generations.ts'
import type { MediaLinks } from '../media/links.ts'

// A job row as the developer API and its webhook events show it
// (contract/public-api/generations.ts): plain names, the video as a signed
// link, a failure with the app's code. Pure: the HTTP routes and the webhook
// outbox both use it.

type VideoKind = (typeof VIDEO_GENERATION_KINDS)[number]
/** A job row of one of the three kinds of video (a voice made from a script is a job too, but not one the API shows). */
export type VideoJobRow = JobRow & { kind: VideoKind }

export const PUBLIC_KIND: Record<VideoKind, PublicGenerationKind> = { ugc: 'ugc_actor', lipsync: 'lip_sync', consistent: 'consistent_actor' }
export const JOB_KIND: Record<PublicGenerationKind, VideoKind> = { ugc_actor: 'ugc', lip_sync: 'lipsync', consistent_actor: 'consistent' }

export function isVideoJob(row: JobRow): row is VideoJobRow {
  return row.kind !== 'voice'
}

/** The video is a link signed for the configured lifetime (MEDIA_LINK_TTL_SECONDS, a day by default). */
export function toPublicGeneration(row: VideoJobRow, links: Pick<MediaLinks, 'forClient'>): PublicGeneration {
  const video = row.status === 'completed' && row.output_url !== null ? links.forClient(row.output_url) : null
  return {
    id: row.id,
    kind: PUBLIC_KIND[row.kind],
    status: row.status,
    progress: { current: row.progress_current, total: row.progress_total },
    video_url: video,
    error: row.status === 'failed' ? { code: 'generation_failed', message: row.error ?? GENERATION_MESSAGES.failedToGenerate } : null,
    cost_credits: row.cost_hundredths / 100,
    prompt: row.kind === 'lipsync' ? null : row.prompt,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
