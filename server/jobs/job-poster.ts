import type { Logger } from 'pino'
import type { JobPoster } from '../domain/generations-jobs.ts'
import type { JobRow } from '../db/schema-generations.ts'
import type { Posters } from '../media/posters.ts'

// The poster frame of a job's video, taken after the video is saved and
// before the job is recorded completed, so the completion, its event and its
// push message already carry it (docs/decisions/0163). A poster that cannot
// be taken never fails the job: the job completes without one and the
// backfill (./poster-backfill.ts) tries again later.

export async function takeJobPoster(posters: Posters, log: Logger, row: JobRow, outputUrl: string, signal: AbortSignal): Promise<JobPoster | null> {
  const outcome = await posters.take(outputUrl, row.user_id, signal)
  if (outcome.ok) return { thumbnailUrl: outcome.poster.posterRef, durationMs: outcome.poster.durationMs }
  if (!signal.aborted) log.warn({ jobId: row.id, reason: outcome.reason }, 'taking the poster frame failed; the backfill tries again')
  return null
}
