import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { creditsForAmount, PRICE_TIERS, type NamedTier } from '../../contract/constants.ts'
import type { StripeConfig } from '../config.ts'
import type { CheckoutProvider, CheckoutSessionsTable, Database } from '../db/schema.ts'
import { ledgerKeys, postLedgerEntry } from './credits.ts'
import { withWriteTransaction } from '../db/transaction.ts'
import { isPostgres } from '../db/dialect-of.ts'
import { recordPaymentIntent } from './payment-reversals.ts'
import { lockUserMoney, settleSession } from './reversal-ledger.ts'

// Credit purchases (spec §9: 1 credit per $1.75, floor; tiers $20/$35/$55,
// custom $20–$200). A checkout session row is written when checkout starts;
// fulfilment (Stripe webhook, success-page confirmation or the local test
// page) credits it exactly once through the ledger key checkout:<session>.

export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>

export interface Purchase {
  tier: NamedTier | 'custom'
  amountCents: number
  credits: number
  /** The Stripe price id for a named tier when Stripe is configured. */
  stripePriceId: string | null
}

export class UnknownPriceError extends Error {
  override name = 'UnknownPriceError'
}

const NAMED: readonly NamedTier[] = ['starter', 'creator', 'enterprise']

function purchaseFor(tier: NamedTier | 'custom', dollars: number, stripePriceId: string | null): Purchase {
  return { tier, amountCents: Math.round(dollars * 100), credits: creditsForAmount(dollars), stripePriceId }
}

/**
 * What the buyer asked for. Named tiers are found by tier name or by their
 * configured Stripe price id; a custom amount was range-checked by the contract.
 */
export function resolvePurchase(request: { priceId?: string | null; customAmount?: number | null }, stripe: StripeConfig | null): Purchase {
  if (request.customAmount !== undefined && request.customAmount !== null) {
    return purchaseFor('custom', request.customAmount, null)
  }
  const tier = NAMED.find((name) => name === request.priceId || stripe?.priceIds[name] === request.priceId)
  if (tier === undefined) throw new UnknownPriceError(`Unknown plan: ${request.priceId ?? ''}`)
  return purchaseFor(tier, PRICE_TIERS[tier], stripe?.priceIds[tier] ?? null)
}

export function newLocalSessionId(): string {
  return `local_${randomUUID()}`
}

export async function recordCheckoutSession(
  db: Kysely<Database>,
  session: { id: string; userId: string; provider: CheckoutProvider; purchase: Purchase },
): Promise<void> {
  await db
    .insertInto('checkout_sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      amount_cents: session.purchase.amountCents,
      credits: session.purchase.credits,
      tier: session.purchase.tier,
      provider: session.provider,
      status: 'open',
      created_at: new Date().toISOString(),
      fulfilled_at: null,
    })
    .execute()
}

export function findCheckoutSession(db: Kysely<Database>, id: string): Promise<CheckoutSessionRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Every price is in US dollars (spec §9). */
export const CHECKOUT_CURRENCY = 'usd'

/** What the payment provider charged; null for the local test-mode checkout, which charges nothing. */
export interface ChargedAmount {
  amountTotal: number | null
  currency: string | null
  /** The provider's payment (Stripe payment intent) that later refunds and disputes name. */
  paymentIntentId?: string | null
}

/** account_deleted: paid after the buyer deleted the account; nobody to credit (docs/decisions/0261). */
export type FulfilmentResult = 'credited' | 'already_credited' | 'unknown_session' | 'canceled' | 'amount_mismatch' | 'account_deleted'

/** A Stripe session is credited only when Stripe charged exactly the session's price, in dollars. */
function chargedAsAgreed(session: CheckoutSessionRow, charged: ChargedAmount | null): boolean {
  if (session.provider !== 'stripe') return true
  return charged !== null && charged.amountTotal === session.amount_cents && charged.currency === CHECKOUT_CURRENCY
}

/**
 * Credits a paid session exactly once, however many times and however
 * concurrently it is called: the ledger key checkout:<id> admits one entry.
 * The credits come from our own row; for Stripe the charge must match its price.
 */
export async function fulfilCheckoutSession(db: Kysely<Database>, sessionId: string, charged: ChargedAmount | null): Promise<FulfilmentResult> {
  return withWriteTransaction(db, async (trx) => {
    // The buyer's row, then the session's, by every caller (./reversal-ledger.ts lockUserMoney): on
    // PostgreSQL a webhook, the success page's confirmation and a refund otherwise lock them in
    // opposite orders and deadlock. (SQLite's write transaction already admits one caller at a time.)
    const buyer = await trx.selectFrom('checkout_sessions').select('user_id').where('id', '=', sessionId).executeTakeFirst()
    if (buyer !== undefined && buyer.user_id !== null) await lockUserMoney(trx, buyer.user_id)
    const session = await trx
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .$if(isPostgres(db), (qb) => qb.forUpdate())
      .executeTakeFirst()
    if (session === undefined) return 'unknown_session'
    const paymentIntentId = charged?.paymentIntentId ?? null
    if (paymentIntentId !== null) await recordPaymentIntent(trx, session.id, paymentIntentId)
    if (session.status === 'canceled') return 'canceled'
    if (session.user_id === null) return 'account_deleted'
    if (!chargedAsAgreed(session, charged)) return 'amount_mismatch'
    const result = await postLedgerEntry(trx, {
      userId: session.user_id,
      amountHundredths: session.credits * 100,
      idempotencyKey: ledgerKeys.checkout(session.id),
      reason: `purchase: ${session.tier} ($${(session.amount_cents / 100).toFixed(2)})`,
    })
    if (result === 'duplicate') return 'already_credited'
    await trx.updateTable('checkout_sessions').set({ status: 'completed', fulfilled_at: new Date().toISOString() }).where('id', '=', session.id).execute()
    // A refund or dispute the provider reported before this completion is settled now.
    await settleSession(trx, session.id)
    return 'credited'
  })
}

/** An open session the buyer walked away from, or one the provider let expire; a completed one stays completed. */
export async function cancelCheckoutSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.updateTable('checkout_sessions').set({ status: 'canceled' }).where('id', '=', sessionId).where('status', '=', 'open').execute()
}
