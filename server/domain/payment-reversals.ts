import type { Kysely, Selectable, Transaction } from 'kysely'
import type { CheckoutSessionsTable, Database } from '../db/schema.ts'
import type { DisputeStatus } from '../db/schema-privacy.ts'
import { ledgerKeys, postLedgerEntry, withWriteTransaction } from './credits.ts'

// Money after checkout (docs/decisions/0262): a refund or a dispute at the
// payment provider takes the purchase's credits back through the ledger, in
// proportion to the money that went back, and a dispute the seller wins gives
// them back. Each event moves the session's state (the provider's running
// refund total; the dispute's status) and then the ledger by the difference
// between what should be taken back now and what was taken back before, so a
// replayed or concurrent event finds nothing left to do. The balance never
// goes below zero: what was already spent is recorded as unrecovered.

type SessionRow = Selectable<CheckoutSessionsTable>

export type ReversalChange =
  | {
      kind: 'refund'
      /** The provider's event id (or a fixed name for the local test checkout): part of the ledger key. */
      eventId: string
      /** What was charged and the provider's running total refunded, in cents. */
      chargedCents: number
      refundedCents: number
    }
  | { kind: 'dispute'; eventId: string; disputeId: string; amountCents: number; status: DisputeStatus }

/**
 * applied: the ledger moved; unchanged: nothing (left) to do; not_credited: the
 * session was never credited, so there is nothing to take (its state is kept
 * for the fulfilment); account_deleted: the buyer deleted the account.
 */
export type ReversalResult = 'applied' | 'unchanged' | 'not_credited' | 'account_deleted' | 'unknown_session'

/** Disputes that hold the purchase's money: still open, or lost. */
const HOLDING: readonly DisputeStatus[] = ['open', 'lost']
const FINAL: readonly DisputeStatus[] = ['won', 'lost', 'closed']

async function recordDispute(trx: Transaction<Database>, sessionId: string, change: Extract<ReversalChange, { kind: 'dispute' }>): Promise<void> {
  const now = new Date().toISOString()
  const existing = await trx.selectFrom('payment_disputes').select('status').where('id', '=', change.disputeId).executeTakeFirst()
  if (existing === undefined) {
    await trx
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
      .execute()
    return
  }
  // A late "created" must not reopen a dispute that has closed.
  if (FINAL.includes(existing.status) && change.status === 'open') return
  await trx
    .updateTable('payment_disputes')
    .set({ status: change.status, amount_cents: change.amountCents, updated_at: now })
    .where('id', '=', change.disputeId)
    .execute()
}

/** Hundredths of a credit the provider's reversals of this session account for, today. */
async function owedHundredths(trx: Transaction<Database>, session: SessionRow): Promise<number> {
  const disputes = await trx
    .selectFrom('payment_disputes')
    .select('amount_cents')
    .where('checkout_session_id', '=', session.id)
    .where('status', 'in', HOLDING)
    .execute()
  const reversedCents = session.refunded_cents + disputes.reduce((sum, dispute) => sum + dispute.amount_cents, 0)
  const full = session.credits * 100
  if (session.amount_cents <= 0) return 0
  // Rounded down: a partial refund never takes back more than its share.
  return Math.min(full, Math.floor((full * Math.min(reversedCents, session.amount_cents)) / session.amount_cents))
}

/**
 * Moves the ledger to what the session's reversals say, inside the caller's
 * transaction. Called after every reversal event and after a fulfilment (an
 * event may arrive before the purchase was credited).
 */
export async function settleReversals(trx: Transaction<Database>, sessionId: string, eventId: string): Promise<ReversalResult> {
  const session = await trx.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst()
  if (session === undefined) return 'unknown_session'
  if (session.user_id === null) return 'account_deleted'
  if (session.status !== 'completed') return 'not_credited'
  const owed = await owedHundredths(trx, session)
  const delta = owed - session.taken_back_hundredths
  if (delta === 0) return 'unchanged'
  let moved = delta
  if (delta > 0) {
    const user = await trx.selectFrom('users').select('credits_hundredths').where('_id', '=', session.user_id).executeTakeFirstOrThrow()
    moved = Math.min(delta, user.credits_hundredths)
  }
  const takenBack = session.taken_back_hundredths + moved
  await trx
    .updateTable('checkout_sessions')
    .set({ taken_back_hundredths: takenBack, unrecovered_hundredths: Math.max(0, owed - takenBack) })
    .where('id', '=', session.id)
    .execute()
  if (moved === 0) return 'unchanged'
  await postLedgerEntry(trx, {
    userId: session.user_id,
    amountHundredths: -moved,
    idempotencyKey: ledgerKeys.reversal(session.id, eventId),
    reason: moved > 0 ? 'credits taken back: payment refunded or disputed' : 'credits given back: dispute closed in our favour',
  })
  return 'applied'
}

/** One refund or dispute event for a session, exactly once however often and however concurrently it arrives. */
export function applyReversal(db: Kysely<Database>, sessionId: string, change: ReversalChange): Promise<ReversalResult> {
  return withWriteTransaction(db, async (trx) => {
    // Locks the row for this transaction on PostgreSQL (SQLite's write lock is already held):
    // two events of one session are settled one after the other.
    const locked = await trx
      .updateTable('checkout_sessions')
      .set((eb) => ({ refunded_cents: eb.ref('refunded_cents') }))
      .where('id', '=', sessionId)
      .executeTakeFirst()
    if (Number(locked.numUpdatedRows) === 0) return 'unknown_session'
    if (change.kind === 'refund') {
      const refunded = change.chargedCents <= 0 ? 0 : Math.min(change.refundedCents, change.chargedCents)
      const session = await trx.selectFrom('checkout_sessions').select(['amount_cents', 'refunded_cents']).where('id', '=', sessionId).executeTakeFirstOrThrow()
      // The provider's running total in our session's cents; a late, smaller total changes nothing.
      const inSessionCents = Math.round((session.amount_cents * refunded) / Math.max(change.chargedCents, 1))
      if (inSessionCents > session.refunded_cents) {
        await trx.updateTable('checkout_sessions').set({ refunded_cents: inSessionCents }).where('id', '=', sessionId).execute()
      }
    } else {
      await recordDispute(trx, sessionId, change)
    }
    return settleReversals(trx, sessionId, change.eventId)
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
