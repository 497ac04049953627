import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { PUSH_MAX_DEVICES } from '../../contract/constants.ts'
import type { Database } from '../db/schema.ts'
import { VIDEO_GENERATION_KINDS, type GenerationStatus } from '../db/schema-generations.ts'
import { withWriteTransaction } from '../db/transaction.ts'

// The push outbox follows the job events (docs/decisions/0313, 0280): the
// domain records every change of a job as a job event and knows nothing of
// push. Here a job that ended becomes one outbox row per device its owner had
// when it ended. Every process hears each event from its feed and queues at
// once; a read of the recent job events catches a job whose end nobody
// queued (a process that died between the commit and the queueing, a feed
// that missed events). The outbox's unique key (job, device) makes queueing
// twice harmless.

const ENDED: readonly GenerationStatus[] = ['completed', 'failed']

/** Whether a job event's status ends its job (the cue to queue). */
export const endsJob = (status: GenerationStatus): boolean => ENDED.includes(status)

/**
 * Queues the messages of one ended video job (a voice's end tells no device:
 * the push says a video is ready); answers how many rows were new. Only the
 * account's newest PUSH_MAX_DEVICES devices (docs/decisions/0283), and only
 * those subscribed by the job's end. A row's time is the job's end, so the
 * message's lifetime counts from there.
 */
export async function queueJobEnd(db: Kysely<Database>, jobId: string): Promise<number> {
  return withWriteTransaction(db, async (trx) => {
    const job = await trx
      .selectFrom('generations')
      .select(['id', 'user_id', 'updated_at'])
      .where('id', '=', jobId)
      .where('status', 'in', ENDED)
      .where('kind', 'in', VIDEO_GENERATION_KINDS)
      .executeTakeFirst()
    if (job === undefined) return 0
    const devices = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', job.user_id)
      .where('created_at', '<=', job.updated_at)
      .orderBy('updated_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PUSH_MAX_DEVICES)
      .execute()
    if (devices.length === 0) return 0
    const inserted = await trx
      .insertInto('push_deliveries')
      .values(
        devices.map((device) => ({
          id: randomUUID(),
          job_id: job.id,
          subscription_id: device.id,
          next_attempt_at: new Date().toISOString(),
          created_at: job.updated_at,
        })),
      )
      .onConflict((oc) => oc.columns(['job_id', 'subscription_id']).doNothing())
      .returning('id')
      .execute()
    return inserted.length
  })
}

/**
 * The video jobs whose end event was written since `sinceIso`, with no
 * outbox row yet although their owner had a device then: queues them.
 * Answers how many rows were new.
 */
export async function queueMissedJobEnds(db: Kysely<Database>, sinceIso: string, limit = 500): Promise<number> {
  const missed = await db
    .selectFrom('job_events as e')
    .innerJoin('generations as g', 'g.id', 'e.job_id')
    .select('g.id')
    .distinct()
    .where('e.created_at', '>=', sinceIso)
    .where('g.status', 'in', ENDED)
    .where('g.kind', 'in', VIDEO_GENERATION_KINDS)
    .where(({ and, exists, not, selectFrom }) =>
      and([
        exists(selectFrom('push_subscriptions as s').select('s.id').whereRef('s.user_id', '=', 'g.user_id').whereRef('s.created_at', '<=', 'g.updated_at')),
        not(exists(selectFrom('push_deliveries as d').select('d.id').whereRef('d.job_id', '=', 'g.id'))),
      ]),
    )
    .limit(limit)
    .execute()
  let queued = 0
  for (const { id } of missed) queued += await queueJobEnd(db, id)
  return queued
}
