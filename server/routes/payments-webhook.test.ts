import { Writable } from 'node:stream'
import { Hono } from 'hono'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { balanceHundredths } from '../domain/credits.ts'
import { createStripeGateway } from '../domain/stripe-gateway.ts'
import type { AppEnv } from '../http/env.ts'
import { handleError } from '../http/error-handler.ts'
import { createSignedInUser, type TestServer } from '../testing/harness.ts'
import { test } from '../testing/fixtures.ts'
import { STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET } from '../testing/stacks.ts'
import { signedCompletion, type StripeFake } from '../testing/stripe-fake.ts'
import { createPaymentRoutes } from './payments.ts'
import { createCheckoutResponseSchema } from '../../contract/payments.ts'

let server: TestServer
let stripe: StripeFake
let app: Hono<AppEnv>
let logLines: string[] = []

test.beforeAll(async ({ stripeServer }) => {
  ;({ server, stripe } = await stripeServer('sqlite'))
  const stripeConfig = server.config.stripe
  if (stripeConfig === null) throw new Error('Stripe is not configured')
  // The payment routes over the test server's database, with their log lines captured.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString())
      done()
    },
  })
  const log = pino({ level: 'info' }, sink)
  app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('log', log)
    c.set('identity', { verifier: server.verifier, db: server.db, identityExists: (uid) => server.identityAdmin.identityExists(uid) })
    await next()
  })
  app.onError(handleError)
  app.route('/api/payment/v1', createPaymentRoutes({ db: server.db, config: server.config, stripe: createStripeGateway(stripeConfig) }))
})
const deliver = (payload: string, signature: string) =>
  app.request('/api/payment/v1/webhook', { method: 'POST', body: payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } })

async function startCheckout(priceId: string) {
  const user = await createSignedInUser(server)
  const res = await app.request('/api/payment/v1/create-checkout-session', {
    method: 'POST',
    body: JSON.stringify({ user: user.email, priceId }),
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
  })
  expect(res.status).toBe(200)
  const session = createCheckoutResponseSchema.parse(await res.json())
  return { user, session }
}

describe('a rejected webhook', () => {
  it('logs why, never the payload or the signature', async () => {
    logLines = []
    const forged = signedCompletion('cs_test_secret_customer_data', 'whsec_wrong')
    const res = await deliver(forged.payload, forged.signature)
    expect(res.status).toBe(400)
    const logged = logLines.join('\n')
    expect(logged).toContain('signature rejected')
    expect(logged).toContain('StripeSignatureVerificationError')
    expect(logged).not.toContain('cs_test_secret_customer_data')
    expect(logged).not.toContain(forged.signature.split(',v1=')[1])
  })
})

describe('crediting only what Stripe charged', () => {
  it('credits a webhook whose charge matches the session', async () => {
    const { user, session } = await startCheckout('price_creator')
    const delivery = signedCompletion(session.id, WEBHOOK_SECRET, { amountTotal: 3500, currency: 'usd' })
    expect((await deliver(delivery.payload, delivery.signature)).status).toBe(200)
    expect(await balanceHundredths(server.db, user.id)).toBe(2000) // floor(35 / 1.75) = 20 credits
  })

  it.each([
    ['a smaller amount', { amountTotal: 50, currency: 'usd' }],
    ['another currency', { amountTotal: 3500, currency: 'jpy' }],
    ['no amount at all', {}],
  ])('refuses to credit a webhook with %s, and says so in the log', async (_label, charged) => {
    const { user, session } = await startCheckout('price_creator')
    logLines = []
    const delivery = signedCompletion(session.id, WEBHOOK_SECRET, charged)
    expect((await deliver(delivery.payload, delivery.signature)).status).toBe(200) // a retry would not change the charge
    expect(await balanceHundredths(server.db, user.id)).toBe(0)
    expect(logLines.join('\n')).toMatch(/"level":50.*charged amount differs/)
    const row = await server.db.selectFrom('checkout_sessions').select('status').where('id', '=', session.id).executeTakeFirstOrThrow()
    expect(row.status).toBe('open')
  })

  it('does not credit on confirmation when Stripe charged less than the price', async () => {
    const { user, session } = await startCheckout('price_enterprise')
    stripe.markPaid(session.id, { amountTotal: 100, currency: 'usd' })
    const res = await app.request('/api/payment/v1/confirm', {
      method: 'POST',
      body: JSON.stringify({ session_id: session.id }),
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
    })
    expect(await res.json()).toMatchObject({ status: 'open' })
    expect(await balanceHundredths(server.db, user.id)).toBe(0)
  })

  it('answers 5xx for a paid session it does not know, so Stripe retries', async () => {
    const delivery = signedCompletion('cs_test_never_created', WEBHOOK_SECRET, { amountTotal: 2000 })
    const res = await deliver(delivery.payload, delivery.signature)
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ message: expect.any(String), code: 'internal_error' })
  })
})
