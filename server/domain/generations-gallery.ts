import type { Kysely } from 'kysely'
import type { GalleryResponse, GenerationRecord } from '../../contract/gallery.ts'
import type { Database } from '../db/schema.ts'
import type { GenerationKind, JobRow } from '../db/schema-generations.ts'
import { parseJobParams } from './generations-params.ts'
import { captionFilesOf } from './job-status.ts'

// How job rows read in the gallery: the generation record of the three
// gallery lists (spec §7: gallery, lipsyncGallery, getMinMaxGallery →
// { generations, pagination }). The status answer is job-status.ts's.

export function toGenerationRecord(row: JobRow): GenerationRecord {
  const { settings } = parseJobParams(row.params)
  return {
    _id: row.id,
    prompt: row.prompt,
    parameters: settings,
    aspectRatio: settings.aspect_ratio,
    resolution: settings.resolution,
    // The poster frame taken when the job ended, or by the backfill (docs/decisions/0163).
    thumbnail_url: row.thumbnail_url,
    outputUrl: row.output_url,
    status: row.status,
    createdAt: row.created_at,
    error: row.error,
    durationSeconds: row.output_duration_ms === null ? null : row.output_duration_ms / 1000,
    captions: captionFilesOf(row),
  }
}

/** One page of a user's jobs of one kind, newest first. */
export async function galleryPage(
  db: Kysely<Database>,
  query: { userId: string; kind: GenerationKind; page: number; limit: number },
): Promise<GalleryResponse> {
  const mine = db.selectFrom('generations').where('user_id', '=', query.userId).where('kind', '=', query.kind)
  const counted = await mine.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirst()
  const total = Number(counted?.total ?? 0)
  const rows = await mine
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute()
  return { generations: rows.map(toGenerationRecord), pagination: { pages: Math.ceil(total / query.limit), total } }
}
