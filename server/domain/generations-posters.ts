import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { MEDIA_PATH_PREFIX } from '../media/keys.ts'
import type { JobPoster } from './generations-jobs.ts'

// Finished videos that have no poster frame yet (docs/decisions/0163): those
// finished before posters existed, and those whose poster could not be taken
// when they ended. The backfill (server/jobs/poster-backfill.ts) works them
// through; a failure there marks the row, which is then left alone for a day
// (a broken file stays broken; a store that was unreachable is back by then).

export interface VideoWithoutPoster {
  id: string
  userId: string
  /** `/media/<key>` of the finished video. */
  outputUrl: string
}

/** A video whose poster failed is tried again after this long. */
export const POSTER_RETRY_AFTER_MS = 24 * 60 * 60_000

/** Finished videos of our own store without a poster, newest first (what people look at first). */
export async function videosWithoutPoster(db: Kysely<Database>, limit: number, now = new Date()): Promise<VideoWithoutPoster[]> {
  const retryBefore = new Date(now.getTime() - POSTER_RETRY_AFTER_MS).toISOString()
  const rows = await db
    .selectFrom('generations')
    .select(['id', 'user_id', 'output_url'])
    .where('status', '=', 'completed')
    .where('output_url', 'like', `${MEDIA_PATH_PREFIX}%`)
    .where('thumbnail_url', 'is', null)
    .where((eb) => eb.or([eb('poster_failed_at', 'is', null), eb('poster_failed_at', '<', retryBefore)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
  return rows.flatMap((row) => (row.output_url === null ? [] : [{ id: row.id, userId: row.user_id, outputUrl: row.output_url }]))
}

/** Records a poster for a finished job that has none; false when it has one by now (or is gone). */
export async function recordPoster(db: Kysely<Database>, jobId: string, poster: JobPoster): Promise<boolean> {
  const result = await db
    .updateTable('generations')
    .set({ thumbnail_url: poster.thumbnailUrl, output_duration_ms: poster.durationMs })
    .where('id', '=', jobId)
    .where('status', '=', 'completed')
    .where('thumbnail_url', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Remembers that no poster could be taken of this job's video. */
export async function recordPosterFailed(db: Kysely<Database>, jobId: string, at = new Date()): Promise<void> {
  await db.updateTable('generations').set({ poster_failed_at: at.toISOString() }).where('id', '=', jobId).execute()
}
