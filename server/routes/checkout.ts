import { Hono, type Context } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { applyReversal } from '../domain/payment-reversals.ts'
import { cancelCheckoutSession, findCheckoutSession, fulfilCheckoutSession, type CheckoutSessionRow } from '../domain/payments.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { checkoutPage } from './checkout-page.ts'

// GET /checkout/{id}, POST /checkout/{id}/pay, /cancel and /refund: the local
// test-mode checkout (no Stripe configured). Pay runs the same fulfilment as
// Stripe's webhook and lands on the app's /success or /cancel; refund runs the
// same reversal as Stripe's charge.refunded (docs/decisions/0262).
// The unguessable session id is the capability, as with Stripe's hosted page.

async function localSession(c: Context<AppEnv>, db: Kysely<Database>): Promise<CheckoutSessionRow> {
  const session = await findCheckoutSession(db, c.req.param('id') ?? '')
  if (session === undefined || session.provider !== 'local') throw new ApiError(404, 'not_found', 'No such checkout session')
  return session
}

/** Forms on other sites must not pay or cancel someone's session. */
function refuseCrossSite(c: Context<AppEnv>): void {
  const origin = c.req.header('origin')
  if (origin !== undefined && origin !== 'null' && origin !== new URL(c.req.url).origin) {
    throw new ApiError(403, 'forbidden', 'Cross-site checkout requests are refused')
  }
  if (c.req.header('sec-fetch-site') === 'cross-site') throw new ApiError(403, 'forbidden', 'Cross-site checkout requests are refused')
}

export function createLocalCheckoutRoutes(deps: { db: Kysely<Database> }) {
  const { db } = deps
  return new Hono<AppEnv>()
    .get('/:id', async (c) => {
      const session = await localSession(c, db)
      c.header('Cache-Control', 'no-store')
      return c.html(checkoutPage(session))
    })
    .post('/:id/pay', async (c) => {
      refuseCrossSite(c)
      const session = await localSession(c, db)
      const result = await fulfilCheckoutSession(db, session.id, null) // the test-mode page charges nothing
      c.var.log.info({ sessionId: session.id, result }, 'local checkout: paid')
      if (result === 'canceled') return c.redirect('/cancel', 303)
      return c.redirect(`/success?session_id=${encodeURIComponent(session.id)}`, 303)
    })
    .post('/:id/cancel', async (c) => {
      refuseCrossSite(c)
      const session = await localSession(c, db)
      await cancelCheckoutSession(db, session.id)
      return c.redirect('/cancel', 303)
    })
    .post('/:id/refund', async (c) => {
      refuseCrossSite(c)
      const session = await localSession(c, db)
      if (session.status !== 'completed') throw new ApiError(409, 'checkout_not_open', 'Only a paid checkout can be refunded')
      // The whole amount, as one refund: the event name makes a second press change nothing.
      const result = await applyReversal(db, session.id, {
        kind: 'refund',
        eventId: 'local-refund',
        chargedCents: session.amount_cents,
        refundedCents: session.amount_cents,
      })
      c.var.log.info({ sessionId: session.id, result }, 'local checkout: refunded')
      return c.redirect(`/checkout/${encodeURIComponent(session.id)}`, 303)
    })
}
