import { createHash, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { IDEMPOTENCY_KEY_HOURS } from '../../contract/constants.ts'
import type { Database } from '../db/schema.ts'

// Creates remembered by their Idempotency-Key (docs/decisions/0403). The
// first request with a key inserts its row, naming the job id the create
// will use, and runs the create; a retry with the same key and request finds
// that job and answers it. The database keeps it to one: the row's primary
// key lets one request in, and a job id can hold only one job and one hold
// of credits (`job:<id>:hold`), so even a takeover of a stale run cannot
// charge twice.

const KEY_LIFETIME_MS = IDEMPOTENCY_KEY_HOURS * 60 * 60_000
/** A run older than this without its job is taken to have died; a retry runs it again under the same id. */
const STALE_RUN_MS = 60_000
/** How long a retry waits for a run in progress before answering 409. */
const WAIT_FOR_RUN_MS = 10_000
const WAIT_STEP_MS = 100

export type IdempotencyClaim =
  /** Run the create with this job id, then finish() (a job exists) or release() (refused before any job). */
  | { kind: 'run'; generationId: string; finish(): Promise<void>; release(): Promise<void> }
  /** The create ran (or runs) already: answer this job. */
  | { kind: 'replay'; generationId: string }
  | { kind: 'reused' }
  | { kind: 'busy' }

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, body]))
    .digest('hex')
}

interface Claimant {
  userId: string
  key: string
  fingerprint: string
}

export async function claimIdempotencyKey(db: Kysely<Database>, claimant: Claimant, options: { now?: () => number } = {}): Promise<IdempotencyClaim> {
  const now = options.now ?? Date.now
  const waitUntil = now() + WAIT_FOR_RUN_MS
  for (;;) {
    const inserted = await insertClaim(db, claimant, now())
    if (inserted !== null) return runClaim(db, claimant, inserted, inserted.claimedAt)
    const row = await db
      .selectFrom('api_idempotency_keys')
      .selectAll()
      .where('user_id', '=', claimant.userId)
      .where('idempotency_key', '=', claimant.key)
      .executeTakeFirst()
    if (row === undefined) continue // released or expired meanwhile: try again
    if (Date.parse(row.created_at) <= now() - KEY_LIFETIME_MS) {
      await db
        .deleteFrom('api_idempotency_keys')
        .where('user_id', '=', row.user_id)
        .where('idempotency_key', '=', row.idempotency_key)
        .where('created_at', '=', row.created_at)
        .execute()
      continue
    }
    if (row.fingerprint !== claimant.fingerprint) return { kind: 'reused' }
    if (row.state === 'done' || (await jobExists(db, row.generation_id))) return { kind: 'replay', generationId: row.generation_id }
    if (Date.parse(row.claimed_at) <= now() - STALE_RUN_MS) {
      const claimedAt = new Date(now()).toISOString()
      const taken = await db
        .updateTable('api_idempotency_keys')
        .set({ claimed_at: claimedAt })
        .where('user_id', '=', row.user_id)
        .where('idempotency_key', '=', row.idempotency_key)
        .where('claimed_at', '=', row.claimed_at)
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) > 0) return runClaim(db, claimant, { generationId: row.generation_id }, claimedAt)
      continue
    }
    if (now() >= waitUntil) return { kind: 'busy' }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS))
  }
}

async function insertClaim(db: Kysely<Database>, claimant: Claimant, time: number): Promise<{ generationId: string; claimedAt: string } | null> {
  const generationId = randomUUID()
  const at = new Date(time).toISOString()
  const inserted = await db
    .insertInto('api_idempotency_keys')
    .values({
      user_id: claimant.userId,
      idempotency_key: claimant.key,
      fingerprint: claimant.fingerprint,
      generation_id: generationId,
      state: 'pending',
      claimed_at: at,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('generation_id')
    .executeTakeFirst()
  return inserted === undefined ? null : { generationId, claimedAt: at }
}

function runClaim(db: Kysely<Database>, claimant: Claimant, claim: { generationId: string }, claimedAt: string): IdempotencyClaim {
  return {
    kind: 'run',
    generationId: claim.generationId,
    async finish() {
      await db
        .updateTable('api_idempotency_keys')
        .set({ state: 'done' })
        .where('user_id', '=', claimant.userId)
        .where('idempotency_key', '=', claimant.key)
        .where('claimed_at', '=', claimedAt)
        .execute()
    },
    async release() {
      await db
        .deleteFrom('api_idempotency_keys')
        .where('user_id', '=', claimant.userId)
        .where('idempotency_key', '=', claimant.key)
        .where('claimed_at', '=', claimedAt)
        .where('state', '=', 'pending')
        .execute()
    },
  }
}

export async function jobExists(db: Kysely<Database>, jobId: string): Promise<boolean> {
  return (await db.selectFrom('generations').select('id').where('id', '=', jobId).executeTakeFirst()) !== undefined
}

/** Forgets keys past their lifetime (a periodic task of the API instances). */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('api_idempotency_keys')
    .where('created_at', '<', new Date(now - KEY_LIFETIME_MS).toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
