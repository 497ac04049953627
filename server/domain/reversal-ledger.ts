import { sql, type Selectable, type Transaction } from 'kysely'
import type { CheckoutSessionsTable, Database } from '../db/schema.ts'
import type { DisputeStatus } from '../db/schema-privacy.ts'
import { isPostgres } from '../db/dialect-of.ts'
import { ledgerKeys, postLedgerEntry } from './credits.ts'

// What a purchase's refunds and disputes amount to, as a function of the
// ledger (docs/decisions/0262, 0267). Owed back: the purchase's credits in
// proportion to the money the provider reversed. Taken back: the sum of the
// ledger's entries under the purchase's reversal keys, nothing else. Still
// owed (unrecovered): the difference, when the balance could not cover it.
// Settling moves the ledger by what is owed and not yet taken, as far as the
// balance goes; it runs after an event that changed a purchase's state, at
// the purchase's fulfilment, and whenever credits come back to the user (a
// failed job's hold, a dispute given back). Every caller holds the user's
// row first (lockUserMoney), so one user's settlements run one at a time.

type SessionRow = Selectable<CheckoutSessionsTable>

/**
 * applied: the ledger moved; unchanged: nothing (left) to do; not_credited: the
 * session was never credited, so there is nothing to take (its state is kept
 * for the fulfilment); account_deleted: the buyer deleted the account.
 */
export type ReversalResult = 'applied' | 'unchanged' | 'not_credited' | 'account_deleted' | 'unknown_session'

/** Disputes that hold the purchase's money: still open, or lost. */
const HOLDING: readonly DisputeStatus[] = ['open', 'lost']

/**
 * Takes the user's row for this transaction (PostgreSQL: FOR UPDATE; SQLite's
 * write transaction already admits one writer). Money transactions that touch
 * a purchase's books take it before any checkout session row, so two of them
 * never wait on each other in opposite orders.
 */
export async function lockUserMoney(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .selectFrom('users')
    .select('_id')
    .where('_id', '=', userId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst()
}

/** Hundredths of a credit the provider's reversals of this session account for, today. */
async function owedHundredths(trx: Transaction<Database>, session: SessionRow): Promise<number> {
  if (session.amount_cents <= 0) return 0
  const disputes = await trx
    .selectFrom('payment_disputes')
    .select('amount_cents')
    .where('checkout_session_id', '=', session.id)
    .where('status', 'in', HOLDING)
    .execute()
  const reversedCents = session.refunded_cents + disputes.reduce((sum, dispute) => sum + dispute.amount_cents, 0)
  const full = session.credits * 100
  // Rounded down: a partial refund never takes back more than its share.
  return Math.min(full, Math.floor((full * Math.min(reversedCents, session.amount_cents)) / session.amount_cents))
}

/** What the ledger says this session's reversals took back, and how many entries that took. */
async function takenBack(trx: Transaction<Database>, userId: string, sessionId: string): Promise<{ hundredths: number; entries: number }> {
  const prefix = ledgerKeys.reversalPrefix(sessionId)
  const row = await trx
    .selectFrom('credit_ledger')
    .select([sql<string | number | null>`sum(amount_hundredths)`.as('total'), sql<string | number>`count(*)`.as('entries')])
    .where('user_id', '=', userId)
    // A prefix compare, not LIKE: session ids hold `_`, which LIKE reads as a wildcard.
    .where(sql<boolean>`substr(idempotency_key, 1, ${prefix.length}) = ${prefix}`)
    .executeTakeFirst()
  return { hundredths: 0 - Number(row?.total ?? 0), entries: Number(row?.entries ?? 0) }
}

/**
 * Moves the ledger to what the session's reversals say, inside the caller's
 * transaction (which holds the user's row). Answers whether credits went back
 * to the user (a dispute given back) too.
 */
export async function settleSession(trx: Transaction<Database>, sessionId: string): Promise<{ result: ReversalResult; gaveBack: boolean }> {
  const session = await trx.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst()
  if (session === undefined) return { result: 'unknown_session', gaveBack: false }
  if (session.user_id === null) return { result: 'account_deleted', gaveBack: false }
  if (session.status !== 'completed') return { result: 'not_credited', gaveBack: false }
  const userId = session.user_id
  const owed = await owedHundredths(trx, session)
  const taken = await takenBack(trx, userId, session.id)
  let moved = owed - taken.hundredths
  if (moved > 0) {
    const user = await trx.selectFrom('users').select('credits_hundredths').where('_id', '=', userId).executeTakeFirstOrThrow()
    moved = Math.min(moved, user.credits_hundredths)
  }
  if (moved !== 0) {
    const posted = await postLedgerEntry(trx, {
      userId,
      amountHundredths: -moved,
      idempotencyKey: ledgerKeys.reversal(session.id, taken.entries + 1),
      reason: moved > 0 ? 'credits taken back: payment refunded or disputed' : 'credits given back: dispute closed in our favour',
    })
    // The user's row is held: a key already taken means a writer that skipped the lock.
    if (posted === 'duplicate') throw new Error(`reversal entry ${taken.entries + 1} of ${session.id} was written concurrently`)
  }
  const takenNow = taken.hundredths + moved
  const unrecovered = Math.max(0, owed - takenNow)
  if (session.taken_back_hundredths !== takenNow || session.unrecovered_hundredths !== unrecovered) {
    await trx
      .updateTable('checkout_sessions')
      .set({ taken_back_hundredths: takenNow, unrecovered_hundredths: unrecovered })
      .where('id', '=', session.id)
      .execute()
  }
  return { result: moved === 0 ? 'unchanged' : 'applied', gaveBack: moved < 0 }
}

/**
 * Credits came back to the user (a failed job's hold, a dispute given back):
 * what their refunded or disputed purchases still owe is taken now, oldest
 * first, as far as the balance goes. The caller holds the user's row.
 */
export async function settleOutstanding(trx: Transaction<Database>, userId: string): Promise<void> {
  const owing = await trx
    .selectFrom('checkout_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('unrecovered_hundredths', '>', 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  for (const { id } of owing) await settleSession(trx, id)
}
