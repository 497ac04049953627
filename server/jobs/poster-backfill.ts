import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from '../db/schema.ts'
import { recordPoster, recordPosterFailed, videosWithoutPoster } from '../domain/generations-posters.ts'
import type { Posters } from '../media/posters.ts'
import type { PeriodicTasks } from './periodic-tasks.ts'
import { claimRound } from './task-rounds.ts'

// Posters for finished videos that have none (docs/decisions/0163): those
// made before posters existed and those whose poster failed when they ended.
// One worker of the cluster takes each round (./task-rounds.ts), a batch at a
// time, newest videos first; a video whose poster fails here is marked and
// left alone for a day (the gallery shows its first frame meanwhile).

/** Videos per round: a round costs a few seconds of one core beside the renders. */
export const POSTER_BACKFILL_BATCH = 20
export const POSTER_BACKFILL_INTERVAL_MS = 60_000

export interface PosterBackfillDeps {
  db: Kysely<Database>
  posters: Posters
  log: Logger
}

export interface BackfillRound {
  taken: number
  failed: number
}

export async function backfillPosters(deps: PosterBackfillDeps, limit = POSTER_BACKFILL_BATCH): Promise<BackfillRound> {
  const round: BackfillRound = { taken: 0, failed: 0 }
  for (const video of await videosWithoutPoster(deps.db, limit)) {
    const outcome = await deps.posters.take(video.outputUrl, video.userId)
    if (!outcome.ok) {
      deps.log.warn({ jobId: video.id, reason: outcome.reason }, 'no poster frame could be taken of a finished video; trying again in a day')
      await recordPosterFailed(deps.db, video.id)
      round.failed += 1
      continue
    }
    const poster = { thumbnailUrl: outcome.poster.posterRef, durationMs: outcome.poster.durationMs }
    if (await recordPoster(deps.db, video.id, poster)) round.taken += 1
    else await deps.posters.discard(poster.thumbnailUrl)
  }
  if (round.taken + round.failed > 0) deps.log.info(round, 'poster backfill round')
  return round
}

/** Registers the backfill on a worker's periodic tasks; each round goes to one worker of the cluster. */
export function registerPosterBackfill(tasks: PeriodicTasks, deps: PosterBackfillDeps & { owner: string }): void {
  tasks.register({
    name: 'poster backfill',
    intervalMs: POSTER_BACKFILL_INTERVAL_MS,
    runAtStart: true,
    async run() {
      if (!(await claimRound(deps.db, { name: 'poster backfill', owner: deps.owner, intervalMs: POSTER_BACKFILL_INTERVAL_MS }))) return
      await backfillPosters(deps)
    },
  })
}
