import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { PingEvent } from '../../contract/public-api/webhook-events.ts'
import { isPostgres } from '../db/dialect-of.ts'
import type { Database } from '../db/schema.ts'

// The webhook outbox (docs/decisions/0405): one row per endpoint and event,
// its body made once. Any worker may send a row after claiming it (a
// conditional UPDATE; on PostgreSQL the candidates are locked SKIP LOCKED),
// so each attempt leaves once however many workers try; a claim expires, so
// a worker that died mid-send leaves the row to another. Every attempt is
// recorded for the Account screen.

export const newDeliveryId = (): string => `msg_${randomUUID().replaceAll('-', '')}`

export interface NewDelivery {
  endpointId: string
  eventType: string
  jobId: string | null
  payload: string
}

/** Queues deliveries; one per endpoint and job end, however often it is queued again. Answers how many were new. */
export async function queueDeliveries(db: Kysely<Database>, deliveries: readonly NewDelivery[], now: Date): Promise<number> {
  if (deliveries.length === 0) return 0
  const at = now.toISOString()
  const result = await db
    .insertInto('webhook_deliveries')
    .values(
      deliveries.map((delivery) => ({
        id: newDeliveryId(),
        endpoint_id: delivery.endpointId,
        event_type: delivery.eventType,
        job_id: delivery.jobId,
        payload: delivery.payload,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['endpoint_id', 'job_id', 'event_type']).doNothing())
    .returning('id')
    .execute()
  return result.length
}

/** A test message for one endpoint (the Account screen's button): tried once. */
export async function queuePing(db: Kysely<Database>, endpointId: string, now: Date): Promise<string> {
  const body: PingEvent = { type: 'ping', timestamp: now.toISOString(), data: { endpoint_id: endpointId } }
  const id = newDeliveryId()
  await db
    .insertInto('webhook_deliveries')
    .values({
      id,
      endpoint_id: endpointId,
      event_type: 'ping',
      job_id: null,
      payload: JSON.stringify(body),
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .execute()
  return id
}

export interface ClaimedDelivery {
  id: string
  eventType: string
  payload: string
  /** Attempts so far, this one included. */
  attempts: number
  url: string
  secret: string
}

/** Claims up to `limit` due deliveries nobody holds. */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  options: { owner: string; limit: number; claimMs: number; now: Date },
): Promise<ClaimedDelivery[]> {
  const nowIso = options.now.toISOString()
  const due = (from: Kysely<Database>, limit: number) =>
    from
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<', nowIso)]))
      .orderBy('next_attempt_at')
      .limit(limit)
  // Most rounds find nothing: a plain read first, so nothing is locked then.
  if ((await due(db, 1).execute()).length === 0) return []
  const claimed = await db.transaction().execute(async (trx) => {
    const candidates = await due(trx, options.limit)
      .$if(isPostgres(db), (qb) => qb.forUpdate().skipLocked())
      .execute()
    if (candidates.length === 0) return []
    return (
      trx
        .updateTable('webhook_deliveries')
        .set({
          claimed_by: options.owner,
          claim_expires_at: new Date(options.now.getTime() + options.claimMs).toISOString(),
          attempts: sql<number>`attempts + 1`,
        })
        .where(
          'id',
          'in',
          candidates.map((row) => row.id),
        )
        // Re-checked on the row: a concurrent claimer that got there first wins (SQLite has no SKIP LOCKED).
        .where((eb) => eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<', nowIso)]))
        .where('state', '=', 'pending')
        .returning('id')
        .execute()
    )
  })
  if (claimed.length === 0) return []
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.event_type', 'd.payload', 'd.attempts', 'e.url', 'e.secret'])
    .where(
      'd.id',
      'in',
      claimed.map((row) => row.id),
    )
    .where('d.claimed_by', '=', options.owner)
    .execute()
  return rows.map((row) => ({ id: row.id, eventType: row.event_type, payload: row.payload, attempts: row.attempts, url: row.url, secret: row.secret }))
}

export interface AttemptOutcome {
  at: Date
  /** The endpoint's status; null when it did not answer. */
  status: number | null
  /** Why it failed; null when delivered. */
  error: string | null
}

/**
 * Records an attempt and what follows: delivered, due again at `retryAt`, or
 * failed for good (retryAt null). Only while this worker holds the claim.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  delivery: ClaimedDelivery,
  owner: string,
  outcome: AttemptOutcome,
  retryAt: Date | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const state = outcome.error === null ? 'delivered' : retryAt === null ? 'failed' : 'pending'
    const changed = await trx
      .updateTable('webhook_deliveries')
      .set({
        state,
        claimed_by: null,
        claim_expires_at: null,
        ...(state === 'pending' && retryAt !== null ? { next_attempt_at: retryAt.toISOString() } : { finished_at: outcome.at.toISOString() }),
      })
      .where('id', '=', delivery.id)
      .where('claimed_by', '=', owner)
      .where('state', '=', 'pending')
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 0) return
    await trx
      .insertInto('webhook_attempts')
      .values({ id: randomUUID(), delivery_id: delivery.id, attempted_at: outcome.at.toISOString(), status: outcome.status, error: outcome.error })
      .execute()
  })
}

/** Retention: finished deliveries older than `beforeIso` go with their attempts. */
export async function pruneDeliveries(db: Kysely<Database>, beforeIso: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const old = trx.selectFrom('webhook_deliveries').select('id').where('state', '!=', 'pending').where('finished_at', '<', beforeIso)
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute()
    const result = await trx.deleteFrom('webhook_deliveries').where('state', '!=', 'pending').where('finished_at', '<', beforeIso).executeTakeFirst()
    return Number(result.numDeletedRows)
  })
}
