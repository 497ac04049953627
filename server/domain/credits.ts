import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { withWriteTransaction } from '../db/transaction.ts'

// The credit ledger (architecture: money and jobs). Credits are integer
// hundredths; every change is one append-only ledger row with a unique
// idempotency key, and the user's balance column moves in the same
// transaction, so the balance always equals the ledger sum.

export type LedgerResult = 'applied' | 'duplicate'

export interface LedgerEntry {
  userId: string
  /** Signed integer hundredths: positive credits the user, negative debits. */
  amountHundredths: number
  /** `checkout:<session>`, `job:<id>:hold`, `job:<id>:refund` or `reversal:<session>:#<n>`. */
  idempotencyKey: string
  reason: string
}

export class InsufficientCreditsError extends Error {
  override name = 'InsufficientCreditsError'
  readonly code = 'insufficient_credits'
  readonly userId: string
  readonly amountHundredths: number
  constructor(userId: string, amountHundredths: number) {
    super(`Not enough credits for a debit of ${-amountHundredths} hundredths`)
    this.userId = userId
    this.amountHundredths = amountHundredths
  }
}

export class UnknownUserError extends Error {
  override name = 'UnknownUserError'
}

export const ledgerKeys = {
  checkout: (sessionId: string) => `checkout:${sessionId}`,
  jobHold: (jobId: string) => `job:${jobId}:hold`,
  jobRefund: (jobId: string) => `job:${jobId}:refund`,
  /**
   * The n-th movement of a paid session's refunds and disputes (docs/decisions/0267). Their sum is
   * what the reversals took back; entries written before the numbering carry the event's id instead.
   */
  reversal: (sessionId: string, sequence: number) => `reversal:${sessionId}:#${sequence}`,
  reversalPrefix: (sessionId: string) => `reversal:${sessionId}:`,
} as const

/**
 * Appends one ledger entry and moves the balance, inside the caller's
 * transaction. A key seen before changes nothing and answers 'duplicate'. A
 * debit the balance cannot cover throws InsufficientCreditsError, which rolls
 * the caller's transaction back.
 */
export async function postLedgerEntry(trx: Transaction<Database>, entry: LedgerEntry): Promise<LedgerResult> {
  if (!Number.isSafeInteger(entry.amountHundredths) || entry.amountHundredths === 0) {
    throw new RangeError(`A ledger amount must be a non-zero integer of hundredths, got ${entry.amountHundredths}`)
  }
  const inserted = await trx
    .insertInto('credit_ledger')
    .values({
      id: randomUUID(),
      user_id: entry.userId,
      amount_hundredths: entry.amountHundredths,
      idempotency_key: entry.idempotencyKey,
      reason: entry.reason,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted === undefined) return 'duplicate'

  const updated = await trx
    .updateTable('users')
    .set({ credits_hundredths: sql<number>`credits_hundredths + ${entry.amountHundredths}` })
    .where('_id', '=', entry.userId)
    .where(sql<boolean>`credits_hundredths + ${entry.amountHundredths} >= 0`)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 1) return 'applied'

  const user = await trx.selectFrom('users').select('_id').where('_id', '=', entry.userId).executeTakeFirst()
  if (user === undefined) throw new UnknownUserError(`No user ${entry.userId}`)
  throw new InsufficientCreditsError(entry.userId, entry.amountHundredths)
}

/** postLedgerEntry in its own write transaction. */
export function applyLedgerEntry(db: Kysely<Database>, entry: LedgerEntry): Promise<LedgerResult> {
  return withWriteTransaction(db, (trx) => postLedgerEntry(trx, entry))
}

export async function balanceHundredths(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('credits_hundredths').where('_id', '=', userId).executeTakeFirst()
  if (row === undefined) throw new UnknownUserError(`No user ${userId}`)
  return row.credits_hundredths
}

/** The ledger's own sum for a user: what the balance must always equal. */
export async function ledgerSumHundredths(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<string | number | null>`sum(amount_hundredths)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(row?.total ?? 0)
}
