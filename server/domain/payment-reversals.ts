import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { DisputeStatus } from '../db/schema-privacy.ts'
import { isPostgres } from '../db/dialect-of.ts'
import { withWriteTransaction } from '../db/transaction.ts'
import { lockUserMoney, settleOutstanding, settleSession, type ReversalResult } from './reversal-ledger.ts'

export type { ReversalResult } from './reversal-ledger.ts'

// Money after checkout (docs/decisions/0262, 0267): a refund or a dispute at
// the payment provider takes the purchase's credits back through the ledger,
// in proportion to the money that went back, and a dispute the seller wins
// gives them back. Each event moves the session's state (the provider's
// running refund total; the dispute's status); an event that moves it settles
// the purchase from the ledger (./reversal-ledger.ts), and one that moves
// nothing (a replay, a late older event) changes nothing at all. The balance
// never goes below zero: what was already spent is recorded as unrecovered
// and taken when credits come back.

export type ReversalChange =
  | {
      kind: 'refund'
      /** The provider's event id (or a fixed name for the local test checkout), for the log. */
      eventId: string
      /** What was charged and the provider's running total refunded, in cents. */
      chargedCents: number
      refundedCents: number
    }
  | { kind: 'dispute'; eventId: string; disputeId: string; amountCents: number; status: DisputeStatus }

/** Records a dispute's state; answers whether anything changed. A closed dispute stays as it closed. */
async function recordDispute(trx: Transaction<Database>, sessionId: string, change: Extract<ReversalChange, { kind: 'dispute' }>): Promise<boolean> {
  const now = new Date().toISOString()
  const existing = await trx.selectFrom('payment_disputes').select(['status', 'amount_cents']).where('id', '=', change.disputeId).executeTakeFirst()
  if (existing === undefined) {
    const inserted = await trx
      .insertInto('payment_disputes')
      .values({
        id: change.disputeId,
        checkout_session_id: sessionId,
        amount_cents: change.amountCents,
        status: change.status,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst()
    return inserted !== undefined
  }
  // Won, lost and closed are final at the provider: a late or replayed event of this dispute is older news.
  if (existing.status !== 'open') return false
  if (existing.status === change.status && existing.amount_cents === change.amountCents) return false
  await trx
    .updateTable('payment_disputes')
    .set({ status: change.status, amount_cents: change.amountCents, updated_at: now })
    .where('id', '=', change.disputeId)
    .execute()
  return true
}

/** Records a refund's running total; answers whether it grew (a late, smaller total changes nothing). */
async function recordRefund(trx: Transaction<Database>, sessionId: string, change: Extract<ReversalChange, { kind: 'refund' }>): Promise<boolean> {
  const refunded = change.chargedCents <= 0 ? 0 : Math.min(change.refundedCents, change.chargedCents)
  const session = await trx.selectFrom('checkout_sessions').select(['amount_cents', 'refunded_cents']).where('id', '=', sessionId).executeTakeFirstOrThrow()
  // The provider's running total in our session's cents.
  const inSessionCents = Math.round((session.amount_cents * refunded) / Math.max(change.chargedCents, 1))
  if (inSessionCents <= session.refunded_cents) return false
  await trx.updateTable('checkout_sessions').set({ refunded_cents: inSessionCents }).where('id', '=', sessionId).execute()
  return true
}

/** One refund or dispute event for a session, exactly once however often and however concurrently it arrives. */
export function applyReversal(db: Kysely<Database>, sessionId: string, change: ReversalChange): Promise<ReversalResult> {
  return withWriteTransaction(db, async (trx) => {
    const buyer = await trx.selectFrom('checkout_sessions').select('user_id').where('id', '=', sessionId).executeTakeFirst()
    if (buyer === undefined) return 'unknown_session'
    // The user's row, then the session's: two events of one purchase are settled one after the other.
    if (buyer.user_id !== null) await lockUserMoney(trx, buyer.user_id)
    const session = await trx
      .selectFrom('checkout_sessions')
      .select(['user_id', 'status'])
      .where('id', '=', sessionId)
      .$if(isPostgres(db), (qb) => qb.forUpdate())
      .executeTakeFirstOrThrow()
    const changed = change.kind === 'refund' ? await recordRefund(trx, sessionId, change) : await recordDispute(trx, sessionId, change)
    if (!changed) {
      if (session.user_id === null) return 'account_deleted'
      return session.status === 'completed' ? 'unchanged' : 'not_credited'
    }
    const { result, gaveBack } = await settleSession(trx, sessionId)
    // Credits given back settle what the user's other purchases still owe.
    if (gaveBack && session.user_id !== null) await settleOutstanding(trx, session.user_id)
    return result
  })
}

/** The checkout session a provider payment belongs to, when we know it. */
export async function sessionIdForPayment(db: Kysely<Database>, paymentIntentId: string): Promise<string | null> {
  const row = await db.selectFrom('checkout_sessions').select('id').where('payment_intent_id', '=', paymentIntentId).executeTakeFirst()
  return row?.id ?? null
}

/** Remembers which provider payment a session was paid with (set once). */
export async function recordPaymentIntent(db: Kysely<Database> | Transaction<Database>, sessionId: string, paymentIntentId: string): Promise<void> {
  await db
    .updateTable('checkout_sessions')
    .set({ payment_intent_id: paymentIntentId })
    .where('id', '=', sessionId)
    .where('payment_intent_id', 'is', null)
    .execute()
}
