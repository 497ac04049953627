import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { Logger } from 'pino'
import type { IdentityAdmin } from '../identity/identity-admin.ts'
import { forgetDeletedRows } from '../db/forget-deleted.ts'
import type { Database } from '../db/schema.ts'
import type { AccountDeletionsTable } from '../db/schema-privacy.ts'
import { deleteMediaOfUser, type MediaDeleter } from './account-media.ts'
import { deleteAccountRecords } from './account-records.ts'

// Deleting an account (docs/decisions/0260). The request writes a deletion
// record and marks the user, so every call with the account's tokens is
// refused from then on; then the record drives four steps, each safe to run
// again, to the end: running jobs cancelled (holds released), the sign-in
// identity deleted, the media deleted from the store and forgotten by the media
// catalogue, the database rows deleted (payment records kept, detached from
// the person: docs/decisions/0261). A step that
// fails is tried again later, from the step where it stopped, by the request's
// retry or the background round (server/background/tasks.ts).

export type DeletionRow = Selectable<AccountDeletionsTable>

export const DELETION_STEPS = ['jobs', 'identity', 'media', 'records'] as const
export type DeletionStep = (typeof DELETION_STEPS)[number]

export const DELETION_RETRY = {
  firstDelayMs: 60_000,
  maxDelayMs: 6 * 60 * 60_000,
  /** While one process works on a deletion, no other takes it. */
  leaseMs: 5 * 60_000,
} as const

export interface AccountDeletionDeps {
  db: Kysely<Database>
  log: Logger
  identity: Pick<IdentityAdmin, 'deleteIdentity'>
  /** The media store (server/media/store.ts); which objects are the account's comes from the media catalogue. */
  store: MediaDeleter
  /** Ends the user's active jobs, their holds released (server/domain/generations-jobs.ts cancelActiveJobs); answers the ids ended. */
  cancelActiveJobs(userId: string, error: string): Promise<readonly string[]>
  now?: () => Date
}

/** The status a cancelled job shows (the account and its jobs go moments later). */
const CANCELLED_JOB_ERROR = 'Cancelled: the account was deleted'

export function retryDelayMs(failedAttempts: number): number {
  return Math.min(DELETION_RETRY.firstDelayMs * 2 ** Math.max(0, Math.min(failedAttempts - 1, 20)), DELETION_RETRY.maxDelayMs)
}

const stepsOf = (row: DeletionRow): Set<string> => new Set(row.steps_done.split(',').filter((step) => step !== ''))

/** Whether an account with this sign-in identity was deleted, or its deletion is under way. */
export async function isDeletedIdentity(db: Kysely<Database>, uid: string): Promise<boolean> {
  const row = await db.selectFrom('account_deletions').select('id').where('firebase_uid', '=', uid).executeTakeFirst()
  return row !== undefined
}

/**
 * Records the owner's request (idempotent: a second request finds the first)
 * and claims it for the caller. From here on the user's tokens are refused.
 */
export async function requestAccountDeletion(
  db: Kysely<Database>,
  user: { id: string; uid: string; email: string },
  now: Date,
): Promise<{ row: DeletionRow; claimed: boolean }> {
  const lease = new Date(now.getTime() + DELETION_RETRY.leaseMs).toISOString()
  const inserted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('account_deletions')
      .values({
        id: randomUUID(),
        user_id: user.id,
        firebase_uid: user.uid,
        email: user.email,
        status: 'pending',
        steps_done: '',
        attempts: 0,
        last_error: null,
        next_attempt_at: lease,
        requested_at: now.toISOString(),
        completed_at: null,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returningAll()
      .executeTakeFirst()
    await trx
      .updateTable('users')
      .set({ deletion_requested_at: now.toISOString() })
      .where('_id', '=', user.id)
      .where('deletion_requested_at', 'is', null)
      .execute()
    return row
  })
  if (inserted !== undefined) return { row: inserted, claimed: true }
  const claimed = await claimDeletion(db, user.id, now)
  if (claimed !== undefined) return { row: claimed, claimed: true }
  const existing = await db.selectFrom('account_deletions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow()
  return { row: existing, claimed: false }
}

/** Takes a pending deletion whose time has come (or whose lease ran out) for this process. */
async function claimDeletion(db: Kysely<Database>, userId: string, now: Date): Promise<DeletionRow | undefined> {
  return db
    .updateTable('account_deletions')
    .set({ next_attempt_at: new Date(now.getTime() + DELETION_RETRY.leaseMs).toISOString() })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .returningAll()
    .executeTakeFirst()
}

async function runStep(deps: AccountDeletionDeps, row: DeletionRow, step: DeletionStep): Promise<void> {
  switch (step) {
    case 'jobs': {
      const cancelled = await deps.cancelActiveJobs(row.user_id, CANCELLED_JOB_ERROR)
      if (cancelled.length > 0) deps.log.info({ deletionId: row.id, cancelled }, 'account deletion: running jobs cancelled')
      return
    }
    case 'identity':
      await deps.identity.deleteIdentity(row.firebase_uid)
      return
    case 'media': {
      const deleted = await deleteMediaOfUser(deps.db, deps.store, row.user_id)
      if (deleted > 0) deps.log.info({ deletionId: row.id, deleted }, 'account deletion: media deleted')
      return
    }
    case 'records':
      // A job that slipped in after the first step is cancelled too, so nothing renders into a gone account,
      // and a video it stored meanwhile goes before the user row its catalogue entry names.
      await deps.cancelActiveJobs(row.user_id, CANCELLED_JOB_ERROR)
      await deleteMediaOfUser(deps.db, deps.store, row.user_id)
      await deleteAccountRecords(deps.db, { userId: row.user_id })
      return
  }
}

/** Runs the steps a claimed deletion still lacks; answers where it stands. */
export async function runAccountDeletion(deps: AccountDeletionDeps, claimed: DeletionRow): Promise<'done' | 'pending'> {
  const now = deps.now ?? (() => new Date())
  let row = claimed
  for (const step of DELETION_STEPS) {
    if (stepsOf(row).has(step)) continue
    try {
      await runStep(deps, row, step)
    } catch (error) {
      const attempts = row.attempts + 1
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      await deps.db
        .updateTable('account_deletions')
        .set({ attempts, last_error: `${step}: ${message}`, next_attempt_at: new Date(now().getTime() + retryDelayMs(attempts)).toISOString() })
        .where('id', '=', row.id)
        .execute()
      deps.log.warn({ deletionId: row.id, step, attempts, err: error }, 'account deletion stopped at a step; it is tried again later')
      return 'pending'
    }
    const steps_done = [...stepsOf(row), step].join(',')
    await deps.db.updateTable('account_deletions').set({ steps_done }).where('id', '=', row.id).execute()
    row = { ...row, steps_done }
  }
  // Done: the address goes too; the uid stays until retention removes the record, so other devices can be told.
  await deps.db
    .updateTable('account_deletions')
    .set({ status: 'done', email: null, last_error: null, completed_at: now().toISOString() })
    .where('id', '=', row.id)
    .execute()
  await forgetDeletedRows(deps.db)
  deps.log.info({ deletionId: row.id, attempts: row.attempts }, 'account deleted')
  return 'done'
}

/** The background round: every pending deletion whose time has come, one after another. */
export async function runDueDeletions(deps: AccountDeletionDeps): Promise<{ done: number; pending: number }> {
  const now = deps.now?.() ?? new Date()
  const due = await deps.db
    .selectFrom('account_deletions')
    .select('user_id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .limit(20)
    .execute()
  const round = { done: 0, pending: 0 }
  for (const { user_id: userId } of due) {
    const claimed = await claimDeletion(deps.db, userId, now)
    if (claimed === undefined) continue
    const result = await runAccountDeletion(deps, claimed)
    round[result] += 1
  }
  return round
}
