import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { confirmCheckoutRequestSchema, createCheckoutRequestSchema, type CheckoutStatusResponse, type CreateCheckoutResponse } from '../../contract/payments.ts'
import { requireUser } from '../auth/middleware.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/schema.ts'
import {
  findCheckoutSession,
  fulfilCheckoutSession,
  newLocalSessionId,
  recordCheckoutSession,
  resolvePurchase,
  UnknownPriceError,
  type Purchase,
} from '../domain/payments.ts'
import type { StripeGateway } from '../domain/stripe-gateway.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { jsonBody } from '../http/validate.ts'
import { handlePaymentEvent, logFulfilment } from './payment-events.ts'

export interface PaymentRoutesDeps {
  db: Kysely<Database>
  config: Config
  /** null: the local test-mode checkout page is the payment provider. */
  stripe: StripeGateway | null
}

/** The type and first line of a webhook rejection, for the log. */
function rejectionSummary(error: unknown): { errorType: string; reason: string } {
  if (!(error instanceof Error)) return { errorType: typeof error, reason: 'not an Error' }
  const type = 'type' in error && typeof error.type === 'string' ? error.type : error.name
  return { errorType: type, reason: error.message.split('\n')[0]?.trim() ?? '' }
}

export function createPaymentRoutes(deps: PaymentRoutesDeps) {
  const { db, config, stripe } = deps

  async function startStripeCheckout(user: { id: string; email: string }, purchase: Purchase, gateway: StripeGateway) {
    try {
      return await gateway.createCheckoutSession({
        userId: user.id,
        email: user.email,
        amountCents: purchase.amountCents,
        credits: purchase.credits,
        priceId: purchase.stripePriceId,
        successUrl: `${config.publicOrigin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${config.publicOrigin}/cancel`,
      })
    } catch (error) {
      throw new ApiError(502, 'payment_provider_error', 'Failed to create checkout session', { cause: error })
    }
  }

  return (
    new Hono<AppEnv>()
      // spec §7: bearer token; body user (email), customAmount (custom tier), priceId (named tiers).
      .post('/create-checkout-session', requireUser({ checkRevoked: true }), async (c) => {
        const body = await jsonBody(c, createCheckoutRequestSchema)
        const user = c.var.user
        if (body.user !== user.email) throw new ApiError(403, 'forbidden', 'You can only buy credits for your own account')
        let purchase: Purchase
        try {
          purchase = resolvePurchase(body, config.stripe)
        } catch (error) {
          if (error instanceof UnknownPriceError) throw new ApiError(400, 'unknown_price', error.message)
          throw error
        }
        if (stripe === null) {
          const id = newLocalSessionId()
          await recordCheckoutSession(db, { id, userId: user.id, provider: 'local', purchase })
          return c.json<CreateCheckoutResponse>({ id, url: `/checkout/${encodeURIComponent(id)}` })
        }
        const session = await startStripeCheckout(user, purchase, stripe)
        await recordCheckoutSession(db, { id: session.id, userId: user.id, provider: 'stripe', purchase })
        return c.json<CreateCheckoutResponse>(session)
      })
      // The success page confirms its session: a late webhook cannot leave a paid buyer waiting.
      .post('/confirm', requireUser(), async (c) => {
        const body = await jsonBody(c, confirmCheckoutRequestSchema)
        let session = await findCheckoutSession(db, body.session_id)
        if (session === undefined || session.user_id !== c.var.user.id) {
          throw new ApiError(404, 'not_found', 'No such checkout session')
        }
        if (session.status === 'open' && session.provider === 'stripe' && stripe !== null) {
          const payment = await stripe.sessionPayment(session.id).catch((error: unknown) => {
            c.var.log.warn({ err: error, sessionId: session?.id }, 'stripe: session lookup failed')
            return null
          })
          if (payment?.paid === true) logFulfilment(c, 'confirm', payment, await fulfilCheckoutSession(db, session.id, payment))
          session = (await findCheckoutSession(db, session.id)) ?? session
        }
        return c.json<CheckoutStatusResponse>({ id: session.id, status: session.status, credits: session.credits })
      })
      // Stripe's signed webhook: verified on the raw body, then acted on once per event (payment-events.ts).
      .post('/webhook', async (c) => {
        if (stripe === null) throw new ApiError(404, 'not_found', 'Stripe is not configured on this server')
        const signature = c.req.header('stripe-signature')
        if (signature === undefined) throw new ApiError(400, 'webhook_signature_invalid', 'Missing Stripe-Signature header')
        const rawBody = await c.req.text()
        let event
        try {
          event = await stripe.parseWebhook(rawBody, signature)
        } catch (error) {
          // Only why: Stripe's error carries the whole payload (customer data) and the signature header.
          c.var.log.warn(rejectionSummary(error), 'stripe webhook: signature rejected')
          throw new ApiError(400, 'webhook_signature_invalid', 'Webhook signature verification failed')
        }
        if (event !== null) await handlePaymentEvent(c, db, stripe, event)
        return c.json({ received: true })
      })
  )
}
