import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceHundredths, ledgerSumHundredths } from '../domain/credits.ts'
import { authEmulatorHost, createSignedInUser, createTestServer, revokeTokens, testDatabases, type TestServer } from '../testing/harness.ts'
import { test } from '../testing/fixtures.ts'
import { STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET } from '../testing/stacks.ts'
import { signedCompletion, type StripeFake } from '../testing/stripe-fake.ts'
import { createCheckoutResponseSchema } from '../../contract/payments.ts'

async function ledgerRows(server: TestServer, sessionId: string) {
  return server.db.selectFrom('credit_ledger').selectAll().where('idempotency_key', '=', `checkout:${sessionId}`).execute()
}

describe('local checkout (no Stripe configured)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server.close())

  it('creates a session for a named tier and pays it on the test-mode page', async () => {
    const user = await createSignedInUser(server)
    const res = await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, priceId: 'creator' } })
    expect(res.status).toBe(200)
    const { id, url } = createCheckoutResponseSchema.parse(await res.json())
    expect(url).toBe(`/checkout/${id}`)

    const page = await server.request(url)
    expect(page.status).toBe(200)
    const htmlText = await page.text()
    expect(htmlText).toContain('TEST MODE')
    expect(htmlText).toContain('$35.00')
    expect(htmlText).toMatch(/<dd>20<\/dd>/) // spec §9: floor(35 / 1.75) = 20 credits

    const paid = await server.request(`${url}/pay`, { method: 'POST' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`/success?session_id=${id}`)
    expect(await balanceHundredths(server.db, user.id)).toBe(2000)

    const confirm = await server.request('/api/payment/v1/confirm', { token: user.idToken, json: { session_id: id } })
    expect(await confirm.json()).toEqual({ id, status: 'completed', credits: 20 })
  })

  it('cancels without crediting and lands on /cancel', async () => {
    const user = await createSignedInUser(server)
    const { id } = createCheckoutResponseSchema.parse(
      await (await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, customAmount: 50 } })).json(),
    )
    const canceled = await server.request(`/checkout/${id}/cancel`, { method: 'POST' })
    expect(canceled.headers.get('location')).toBe('/cancel')
    await server.request(`/checkout/${id}/pay`, { method: 'POST' })
    expect(await balanceHundredths(server.db, user.id)).toBe(0)
  })

  it('refuses a cross-site form post', async () => {
    const user = await createSignedInUser(server)
    const { id } = createCheckoutResponseSchema.parse(
      await (await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, priceId: 'starter' } })).json(),
    )
    const res = await server.request(`/checkout/${id}/pay`, { method: 'POST', headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(await balanceHundredths(server.db, user.id)).toBe(0)
  })

  it.each([
    [{ customAmount: 19.99 }, 'Minimum amount is $20'],
    [{ customAmount: 200.01 }, 'Maximum amount is $200'],
    [{ customAmount: 'abc' }, 'Please enter a valid number'],
    [{ priceId: 'platinum' }, 'Unknown plan'],
    [{}, 'Choose a plan'],
  ])('answers 400 for %o and creates nothing', async (extra, message) => {
    const user = await createSignedInUser(server)
    const res = await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, ...extra } })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ message: expect.stringContaining(message) })
    expect(await server.db.selectFrom('checkout_sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
  })

  it('refuses checkout for another user’s email and a revoked token', async () => {
    const alice = await createSignedInUser(server)
    const bob = await createSignedInUser(server)
    const other = await server.request('/api/payment/v1/create-checkout-session', { token: alice.idToken, json: { user: bob.email, priceId: 'starter' } })
    expect(other.status).toBe(403)
    await new Promise((resolve) => setTimeout(resolve, 1100)) // validSince has one-second resolution
    await revokeTokens(authEmulatorHost(), alice.uid)
    const revoked = await server.request('/api/payment/v1/create-checkout-session', { token: alice.idToken, json: { user: alice.email, priceId: 'starter' } })
    expect(revoked.status).toBe(401)
    expect(await revoked.json()).toMatchObject({ code: 'token_revoked' })
  })

  it('hides another user’s session from the confirmation', async () => {
    const alice = await createSignedInUser(server)
    const bob = await createSignedInUser(server)
    const { id } = createCheckoutResponseSchema.parse(
      await (await server.request('/api/payment/v1/create-checkout-session', { token: alice.idToken, json: { user: alice.email, priceId: 'starter' } })).json(),
    )
    expect((await server.request('/api/payment/v1/confirm', { token: bob.idToken, json: { session_id: id } })).status).toBe(404)
  })
})

describe.each(testDatabases)('Stripe checkout and webhook on %s', (database) => {
  let server: TestServer
  let stripe: StripeFake
  test.beforeAll(async ({ stripeServer }) => {
    ;({ server, stripe } = await stripeServer(database, { PUBLIC_ORIGIN: 'https://actorly.test' }))
  })

  async function startCheckout(body: Record<string, unknown>) {
    const user = await createSignedInUser(server)
    const res = await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, ...body } })
    expect(res.status).toBe(200)
    const session = createCheckoutResponseSchema.parse(await res.json())
    return { user, session }
  }

  it('creates a Stripe Checkout session by price id, and a custom amount as an inline price', async () => {
    const named = await startCheckout({ priceId: 'price_enterprise' })
    expect(named.session.url).toMatch(/^https:\/\/checkout\.stripe\.test\//)
    const sent = stripe.created.at(-1)
    expect(sent?.get('line_items[0][price]')).toBe('price_enterprise')
    expect(sent?.get('success_url')).toBe('https://actorly.test/success?session_id={CHECKOUT_SESSION_ID}')
    expect(sent?.get('cancel_url')).toBe('https://actorly.test/cancel')

    await startCheckout({ customAmount: 87.5 })
    expect(stripe.created.at(-1)?.get('line_items[0][price_data][unit_amount]')).toBe('8750')
    expect(await server.request('/checkout/x')).toHaveProperty('status', 404) // no local page with Stripe configured
  })

  it('credits once for five concurrent webhook deliveries plus the success-page confirmation', async () => {
    const { user, session } = await startCheckout({ priceId: 'price_starter' })
    stripe.markPaid(session.id)
    const delivery = signedCompletion(session.id, WEBHOOK_SECRET, { amountTotal: 2000 })
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        server.request('/api/payment/v1/webhook', {
          body: delivery.payload,
          headers: { 'stripe-signature': delivery.signature, 'content-type': 'application/json' },
        }),
      ),
      server.request('/api/payment/v1/confirm', { token: user.idToken, json: { session_id: session.id } }),
    ])
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(await ledgerRows(server, session.id)).toHaveLength(1)
    expect(await balanceHundredths(server.db, user.id)).toBe(1100) // floor(20 / 1.75) = 11 credits
    expect(await ledgerSumHundredths(server.db, user.id)).toBe(1100)
  })

  it('changes nothing for a bad, stale or missing signature', async () => {
    const { user, session } = await startCheckout({ priceId: 'price_creator' })
    const forged = signedCompletion(session.id, 'whsec_wrong')
    const stale = signedCompletion(session.id, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 600 })
    const good = signedCompletion(session.id, WEBHOOK_SECRET)
    const tampered = good.payload.replace(session.id, 'cs_test_other')
    for (const [body, signature] of [
      [forged.payload, forged.signature],
      [stale.payload, stale.signature],
      [tampered, good.signature],
    ]) {
      const res = await server.request('/api/payment/v1/webhook', { body, headers: { 'stripe-signature': signature ?? '' } })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'webhook_signature_invalid' })
    }
    expect((await server.request('/api/payment/v1/webhook', { body: good.payload })).status).toBe(400)
    expect(await balanceHundredths(server.db, user.id)).toBe(0)
    expect(await ledgerRows(server, session.id)).toHaveLength(0)
  })

  it('does not credit an unpaid completion, nor confirm an unpaid session', async () => {
    const { user, session } = await startCheckout({ priceId: 'price_starter' })
    const unpaid = signedCompletion(session.id, WEBHOOK_SECRET, { paymentStatus: 'unpaid' })
    await server.request('/api/payment/v1/webhook', { body: unpaid.payload, headers: { 'stripe-signature': unpaid.signature } })
    const confirm = await server.request('/api/payment/v1/confirm', { token: user.idToken, json: { session_id: session.id } })
    expect(await confirm.json()).toMatchObject({ status: 'open' })
    expect(await balanceHundredths(server.db, user.id)).toBe(0)
  })
})

describe.each(testDatabases)('local checkout completion races on %s', (database) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer({ database })
  })
  afterAll(() => server.close())

  it('credits once when Pay is pressed five times at once and the success page confirms', async () => {
    const user = await createSignedInUser(server)
    const { id } = createCheckoutResponseSchema.parse(
      await (
        await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, priceId: 'enterprise' } })
      ).json(),
    )
    await Promise.all([
      ...Array.from({ length: 5 }, () => server.request(`/checkout/${id}/pay`, { method: 'POST' })),
      server.request('/api/payment/v1/confirm', { token: user.idToken, json: { session_id: id } }),
    ])
    expect(await ledgerRows(server, id)).toHaveLength(1)
    expect(await balanceHundredths(server.db, user.id)).toBe(3100) // floor(55 / 1.75) = 31
  })
})
