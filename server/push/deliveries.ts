import { sql, type Kysely } from 'kysely'
import { VIDEO_JOB_KINDS } from '../../contract/job-events.ts'
import type { Database } from '../db/schema.ts'
import { withWriteTransaction } from '../db/transaction.ts'
import type { JobRow } from '../db/schema-generations.ts'
import { isPostgres } from '../db/dialect-of.ts'

// The push outbox (docs/decisions/0280, 0313). A job that ends anywhere — a
// worker, fal's webhook, the deadline sweep of any instance — writes a job
// event; the processes that hear it write one row per device of its owner
// (job-ends.ts), once, whichever hears it first. Any instance may send a
// row: it claims it first (a conditional UPDATE; on PostgreSQL the candidates
// are locked with SKIP LOCKED, as job claims are), so each message leaves
// once however many instances try. A claim expires: a sender that died
// mid-way leaves the row to another after the claim time.

/** A claimed message with what it needs: the device's keys and language, the job's outcome. */
type VideoJobKind = (typeof VIDEO_JOB_KINDS)[number]

export interface ClaimedDelivery {
  id: string
  attempts: number
  createdAt: string
  subscriptionId: string
  endpoint: string
  p256dh: string
  auth: string
  language: string
  jobId: string
  /** A video's kind: a voice's end tells no device (job-ends.ts). */
  kind: VideoJobKind
  status: JobRow['status']
  costHundredths: number
  /** When the job ended (its last change). */
  endedAt: string
}

export interface ClaimOptions {
  owner: string
  limit: number
  claimMs: number
  /** Only this job's messages (the instance that heard it end); otherwise any that are due. */
  jobId?: string
}

/** Claims up to `limit` due messages nobody holds; answers them. */
export async function claimDueDeliveries(db: Kysely<Database>, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  const now = Date.now()
  const nowIso = new Date(now).toISOString()
  const due = (from: Kysely<Database>, limit: number) =>
    from
      .selectFrom('push_deliveries')
      .select('id')
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<', nowIso)]))
      .$if(options.jobId !== undefined, (qb) => qb.where('job_id', '=', options.jobId ?? ''))
      .orderBy('next_attempt_at')
      .limit(limit)
  // Most rounds find nothing: a plain read first, so nothing is locked then.
  if ((await due(db, 1).execute()).length === 0) return []
  const claimed = await withWriteTransaction(db, async (trx) => {
    const candidates = await due(trx, options.limit)
      .$if(isPostgres(db), (qb) => qb.forUpdate().skipLocked())
      .execute()
    if (candidates.length === 0) return []
    return (
      trx
        .updateTable('push_deliveries')
        .set({ claimed_by: options.owner, claim_expires_at: new Date(now + options.claimMs).toISOString(), attempts: sql<number>`attempts + 1` })
        .where(
          'id',
          'in',
          candidates.map((row) => row.id),
        )
        // Re-checked on the row itself: a concurrent claimer that got there first wins (SQLite has no SKIP LOCKED).
        .where((eb) => eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<', nowIso)]))
        .where('state', '=', 'pending')
        .returning('id')
        .execute()
    )
  })
  if (claimed.length === 0) return []
  const rows = await db
    .selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .innerJoin('generations as g', 'g.id', 'd.job_id')
    .select([
      'd.id',
      'd.attempts',
      'd.created_at',
      'd.subscription_id',
      's.endpoint',
      's.p256dh',
      's.auth',
      's.language',
      'd.job_id',
      'g.kind',
      'g.status',
      'g.cost_hundredths',
      'g.updated_at',
    ])
    .where(
      'd.id',
      'in',
      claimed.map((row) => row.id),
    )
    .where('d.claimed_by', '=', options.owner)
    .execute()
  return rows.flatMap((row) => {
    const kind = VIDEO_JOB_KINDS.find((known) => known === row.kind)
    return kind === undefined ? [] : [{ ...deliveryOf(row), kind }]
  })
}

function deliveryOf(row: {
  id: string
  attempts: number
  created_at: string
  subscription_id: string
  endpoint: string
  p256dh: string
  auth: string
  language: string
  job_id: string
  status: JobRow['status']
  cost_hundredths: number
  updated_at: string
}): Omit<ClaimedDelivery, 'kind'> {
  return {
    id: row.id,
    attempts: row.attempts,
    createdAt: row.created_at,
    subscriptionId: row.subscription_id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    language: row.language,
    jobId: row.job_id,
    status: row.status,
    costHundredths: row.cost_hundredths,
    endedAt: row.updated_at,
  }
}

/** The claim's end: sent, or dropped for good. Only while this sender still holds it. */
export async function finishDelivery(db: Kysely<Database>, id: string, owner: string, state: 'sent' | 'dropped'): Promise<boolean> {
  const result = await db
    .updateTable('push_deliveries')
    .set({ state, finished_at: new Date().toISOString(), claimed_by: null, claim_expires_at: null })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .where('state', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** A passing failure: the message is due again at `at`, for any instance. */
export async function retryDeliveryAt(db: Kysely<Database>, id: string, owner: string, at: Date): Promise<void> {
  await db
    .updateTable('push_deliveries')
    .set({ next_attempt_at: at.toISOString(), claimed_by: null, claim_expires_at: null })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .where('state', '=', 'pending')
    .execute()
}

/** Retention: finished rows older than `beforeIso` are no longer needed (the unique key only guards a job's own end). */
export async function pruneDeliveries(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('push_deliveries').where('state', '!=', 'pending').where('finished_at', '<', beforeIso).executeTakeFirst()
  return Number(result.numDeletedRows)
}
