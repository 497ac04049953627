import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { ACTIVE_GENERATION_STATUSES, type JobRow } from '../db/schema-generations.ts'
import { withWriteTransaction } from '../db/transaction.ts'
import { isPostgres } from '../db/dialect-of.ts'

// Leases (docs/decisions/0210): a worker works a job only while it holds the
// job's lease, a row-level claim with an expiry that the worker renews while
// it works. A worker that dies stops renewing; once the expiry passes any
// other worker claims the job. On PostgreSQL the claim is `SELECT … FOR UPDATE
// SKIP LOCKED` then an UPDATE in one transaction, so concurrent workers never
// claim the same row and never wait on each other; on SQLite the same
// statements run inside BEGIN IMMEDIATE, which serialises claims. Times are
// ISO-8601 UTC text like every other timestamp (the instances' clocks must
// agree to well within a lease, as NTP-synced hosts do).

export interface ClaimRequest {
  /** This worker's id (worker-id.ts). */
  owner: string
  provider: 'local' | 'fal'
  /** At most this many jobs. */
  limit: number
  leaseMs: number
}

const expiryFrom = (now: number, leaseMs: number): string => new Date(now + leaseMs).toISOString()

/**
 * Claims up to `limit` active jobs of one provider that nobody holds (no lease
 * or an expired one), oldest first, and answers them with the new lease. fal
 * jobs are claimable once their request id is recorded (the API instance
 * submitting one holds it until then).
 */
export async function claimJobs(db: Kysely<Database>, request: ClaimRequest): Promise<JobRow[]> {
  if (request.limit <= 0) return []
  const now = Date.now()
  const nowIso = new Date(now).toISOString()
  const postgres = isPostgres(db)
  const claimable = (from: Kysely<Database>, limit: number) =>
    from
      .selectFrom('generations')
      .select('id')
      .where('status', 'in', ACTIVE_GENERATION_STATUSES)
      .where('provider', '=', request.provider)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', nowIso)]))
      .$if(request.provider === 'fal', (qb) => qb.where('provider_request_id', 'is not', null))
      .orderBy('created_at')
      .limit(limit)
  // An idle worker looks often: a plain read first, so nothing is locked while there is no work.
  if ((await claimable(db, 1).execute()).length === 0) return []
  return withWriteTransaction(db, async (trx) => {
    const candidates = await claimable(trx, request.limit)
      .$if(postgres, (qb) => qb.forUpdate().skipLocked())
      .execute()
    if (candidates.length === 0) return []
    return trx
      .updateTable('generations')
      .set({ lease_owner: request.owner, lease_expires_at: expiryFrom(now, request.leaseMs), claims: sql<number>`claims + 1` })
      .where(
        'id',
        'in',
        candidates.map((row) => row.id),
      )
      .returningAll()
      .execute()
  })
}

/** Extends the lease while the job is active and still ours; false means stop working it. */
export async function renewLease(db: Kysely<Database>, jobId: string, owner: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('generations')
    .set({ lease_expires_at: expiryFrom(Date.now(), leaseMs) })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .where('status', 'in', ACTIVE_GENERATION_STATUSES)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Gives a job back: at once when the worker stops (and that claim does not
 * count against the job), or after `retryAfterMs` after a passing error.
 */
export async function releaseLease(db: Kysely<Database>, jobId: string, owner: string, options: { retryAfterMs: number; countClaim: boolean }): Promise<void> {
  await db
    .updateTable('generations')
    .set({
      lease_owner: null,
      lease_expires_at: options.retryAfterMs > 0 ? expiryFrom(Date.now(), options.retryAfterMs) : null,
      ...(options.countClaim ? {} : { claims: sql<number>`claims - 1` }),
    })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .execute()
}
