import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { applyReversal, recordPaymentIntent, sessionIdForPayment, type ReversalChange, type ReversalResult } from '../domain/payment-reversals.ts'
import { cancelCheckoutSession, findCheckoutSession, fulfilCheckoutSession, type FulfilmentResult } from '../domain/payments.ts'
import type { PaymentEvent, SessionPayment, StripeGateway } from '../domain/stripe-gateway.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'

// What each verified Stripe webhook event does (docs/api.md): a paid session
// is credited once (docs/decisions/0067), an expired one is closed, and a
// refund or dispute takes the credits back (docs/decisions/0262).

/** Fulfilment outcomes worth an alarm are errors: a charge that differs from the price, a session we never made. */
export function logFulfilment(c: Context<AppEnv>, via: 'webhook' | 'confirm', payment: SessionPayment, result: FulfilmentResult): void {
  const fields = { sessionId: payment.sessionId, via, result, amountTotal: payment.amountTotal, currency: payment.currency }
  if (result === 'amount_mismatch') c.var.log.error(fields, 'stripe: the charged amount differs from the session; not credited')
  else if (result === 'unknown_session') c.var.log.error(fields, 'stripe: paid session unknown here; not credited')
  else if (result === 'account_deleted') c.var.log.error(fields, 'stripe: paid after the buyer deleted the account; nobody credited, refund it')
  else c.var.log.info(fields, 'stripe: checkout completed')
}

/** Our session for a Stripe payment intent: known here, or asked of Stripe once and remembered. */
async function sessionForPayment(db: Kysely<Database>, stripe: StripeGateway, paymentIntentId: string | null): Promise<string | null> {
  if (paymentIntentId === null) return null
  const known = await sessionIdForPayment(db, paymentIntentId)
  if (known !== null) return known
  const sessionId = await stripe.sessionIdForPaymentIntent(paymentIntentId)
  if (sessionId === null || (await findCheckoutSession(db, sessionId)) === undefined) return null
  await recordPaymentIntent(db, sessionId, paymentIntentId)
  return sessionId
}

async function reverse(c: Context<AppEnv>, db: Kysely<Database>, sessionId: string, change: ReversalChange): Promise<ReversalResult> {
  const result = await applyReversal(db, sessionId, change)
  const session = await findCheckoutSession(db, sessionId)
  const fields = { sessionId, change: change.kind, eventId: change.eventId, result, unrecovered: session?.unrecovered_hundredths }
  if ((session?.unrecovered_hundredths ?? 0) > 0) c.var.log.warn(fields, 'payment reversed, but some of its credits were already spent')
  else c.var.log.info(fields, 'payment reversed')
  return result
}

export async function handlePaymentEvent(c: Context<AppEnv>, db: Kysely<Database>, stripe: StripeGateway, event: PaymentEvent): Promise<void> {
  switch (event.type) {
    case 'checkout_paid': {
      if (!event.payment.paid) return
      const result = await fulfilCheckoutSession(db, event.payment.sessionId, event.payment)
      logFulfilment(c, 'webhook', event.payment, result)
      // Not ours (yet): a 5xx makes Stripe retry for days and flags the endpoint (docs/decisions/0067).
      if (result === 'unknown_session') throw new ApiError(500, 'internal_error', 'Unknown checkout session')
      return
    }
    case 'checkout_expired':
      await cancelCheckoutSession(db, event.sessionId)
      c.var.log.info({ sessionId: event.sessionId }, 'stripe: checkout session expired; closed')
      return
    case 'charge_refunded':
    case 'dispute': {
      const sessionId = await sessionForPayment(db, stripe, event.paymentIntentId)
      if (sessionId === null) {
        // Another integration's payment on the same Stripe account: nothing of ours to take back.
        c.var.log.warn({ eventId: event.eventId, paymentIntentId: event.paymentIntentId }, 'stripe: reversal of a payment that is not ours; ignored')
        return
      }
      const change: ReversalChange =
        event.type === 'charge_refunded'
          ? { kind: 'refund', eventId: event.eventId, chargedCents: event.chargedCents, refundedCents: event.refundedCents }
          : { kind: 'dispute', eventId: event.eventId, disputeId: event.disputeId, amountCents: event.amountCents, status: event.status }
      await reverse(c, db, sessionId, change)
      return
    }
  }
}
