import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyLedgerEntry, balanceHundredths, ledgerSumHundredths } from '../domain/credits.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { test } from '../testing/fixtures.ts'
import type { StripeServer } from '../testing/stacks.ts'
import { paymentIntentOf, signedCompletion, signedDispute, signedEvent, signedRefund, type StripeFake } from '../testing/stripe-fake.ts'

// Refunds and disputes at Stripe take the purchased credits back through the
// ledger, exactly once under concurrent and replayed deliveries, never below
// zero (docs/decisions/0262); an expired checkout session is closed.

const CREATOR_CENTS = 3500 // $35: floor(35 / 1.75) = 20 credits

describe.each(testDatabases)('refunds and disputes through Stripe webhooks (%s)', (database) => {
  let server: TestServer
  let stripe: StripeFake
  let deliver: StripeServer['deliver']
  let webhookSecret: string

  test.beforeAll(async ({ stripeServer }) => {
    ;({ server, stripe, deliver, webhookSecret } = await stripeServer(database))
  })

  /** Delivers an event five times at once and twice more afterwards, as Stripe's retries and replays may. */
  async function deliverFiveAtOnceAndReplay(event: { payload: string; signature: string }): Promise<void> {
    const statuses = await Promise.all(Array.from({ length: 5 }, () => deliver(event).then((res) => res.status)))
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    for (let replay = 0; replay < 2; replay += 1) expect((await deliver(event)).status).toBe(200)
  }

  /** A user who bought the $35 tier through Stripe Checkout; `recordIntent: false` leaves the payment intent out of the completion. */
  async function buyCreator(options: { recordIntent?: boolean } = {}): Promise<{ user: TestUser; sessionId: string; paymentIntent: string }> {
    const user = await createSignedInUser(server)
    const res = await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, priceId: 'creator' } })
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    stripe.markPaid(id)
    const paymentIntent = paymentIntentOf(id)
    const completion = signedCompletion(id, webhookSecret, {
      amountTotal: CREATOR_CENTS,
      ...(options.recordIntent === false ? {} : { paymentIntent }),
    })
    expect((await deliver(completion)).status).toBe(200)
    expect(await balanceHundredths(server.db, user.id)).toBe(2000)
    return { user, sessionId: id, paymentIntent }
  }

  const reversalEntries = (sessionId: string) =>
    server.db.selectFrom('credit_ledger').selectAll().where('idempotency_key', 'like', `reversal:${sessionId}:%`).orderBy('created_at').execute()

  async function expectBalance(user: TestUser, hundredths: number): Promise<void> {
    expect(await balanceHundredths(server.db, user.id)).toBe(hundredths)
    expect(await ledgerSumHundredths(server.db, user.id)).toBe(hundredths)
  }

  it('takes a full refund’s credits back once, however often it is delivered', async () => {
    const { user, sessionId, paymentIntent } = await buyCreator()
    await deliverFiveAtOnceAndReplay(signedRefund(webhookSecret, { paymentIntent, amount: CREATOR_CENTS, refunded: CREATOR_CENTS }))
    const entries = await reversalEntries(sessionId)
    expect(entries.map((entry) => entry.amount_hundredths)).toEqual([-2000])
    await expectBalance(user, 0)
  })

  it('takes back a partial refund’s share, then the rest, and ignores a late smaller total', async () => {
    const { user, sessionId, paymentIntent } = await buyCreator()
    // $10 of $35 back: floor(2000 × 10 / 35) = 571 hundredths.
    await deliverFiveAtOnceAndReplay(signedRefund(webhookSecret, { paymentIntent, amount: CREATOR_CENTS, refunded: 1000 }))
    await expectBalance(user, 2000 - 571)
    await deliver(signedRefund(webhookSecret, { paymentIntent, amount: CREATOR_CENTS, refunded: CREATOR_CENTS }))
    await expectBalance(user, 0)
    // The first refund's event again, after the second: Stripe's running total only grows.
    await deliver(signedRefund(webhookSecret, { paymentIntent, amount: CREATOR_CENTS, refunded: 1000 }))
    await expectBalance(user, 0)
    expect((await reversalEntries(sessionId)).map((entry) => entry.amount_hundredths)).toEqual([-571, -1429])
  })

  it('never takes the balance below zero: spent credits are recorded as unrecovered', async () => {
    const { user, sessionId, paymentIntent } = await buyCreator()
    await applyLedgerEntry(server.db, { userId: user.id, amountHundredths: -1500, idempotencyKey: `test:spend:${sessionId}`, reason: 'test: credits spent' })
    await deliverFiveAtOnceAndReplay(signedRefund(webhookSecret, { paymentIntent, amount: CREATOR_CENTS, refunded: CREATOR_CENTS }))
    await expectBalance(user, 0)
    const session = await server.db.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow()
    expect(session).toMatchObject({ taken_back_hundredths: 500, unrecovered_hundredths: 1500, refunded_cents: CREATOR_CENTS })
  })

  it('holds a disputed purchase’s credits and gives them back when the dispute is won', async () => {
    const { user, sessionId, paymentIntent } = await buyCreator()
    const dispute = { id: `dp_${sessionId}`, paymentIntent, amount: CREATOR_CENTS }
    const created = signedDispute(webhookSecret, 'charge.dispute.created', { ...dispute, status: 'needs_response' })
    await deliverFiveAtOnceAndReplay(created)
    await expectBalance(user, 0)

    await deliverFiveAtOnceAndReplay(signedDispute(webhookSecret, 'charge.dispute.closed', { ...dispute, status: 'won' }))
    await expectBalance(user, 2000)
    // A late copy of "created" cannot reopen a closed dispute.
    await deliver(created)
    await expectBalance(user, 2000)
    expect((await reversalEntries(sessionId)).map((entry) => entry.amount_hundredths)).toEqual([-2000, 2000])
  })

  it('keeps the credits of a lost dispute', async () => {
    const { user, paymentIntent, sessionId } = await buyCreator()
    const dispute = { id: `dp_${sessionId}`, paymentIntent, amount: CREATOR_CENTS }
    await deliver(signedDispute(webhookSecret, 'charge.dispute.created', { ...dispute, status: 'warning_needs_response' }))
    await deliver(signedDispute(webhookSecret, 'charge.dispute.closed', { ...dispute, status: 'lost' }))
    await expectBalance(user, 0)
    expect((await reversalEntries(sessionId)).map((entry) => entry.amount_hundredths)).toEqual([-2000])
  })

  it('finds a payment it had not recorded by asking Stripe which session it paid', async () => {
    const { user, sessionId, paymentIntent } = await buyCreator({ recordIntent: false })
    const row = await server.db.selectFrom('checkout_sessions').select('payment_intent_id').where('id', '=', sessionId).executeTakeFirstOrThrow()
    expect(row.payment_intent_id).toBeNull()
    await deliver(signedRefund(webhookSecret, { paymentIntent, amount: CREATOR_CENTS, refunded: CREATOR_CENTS }))
    expect(stripe.listedByPaymentIntent).toContain(paymentIntent)
    await expectBalance(user, 0)
  })

  it('settles a refund that arrives before the completion once the purchase is credited', async () => {
    const user = await createSignedInUser(server)
    const { id } = (await (
      await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, priceId: 'creator' } })
    ).json()) as { id: string }
    stripe.markPaid(id)
    const paymentIntent = paymentIntentOf(id)
    await deliver(signedRefund(webhookSecret, { paymentIntent, amount: CREATOR_CENTS, refunded: CREATOR_CENTS }))
    await expectBalance(user, 0)
    await deliver(signedCompletion(id, webhookSecret, { amountTotal: CREATOR_CENTS, paymentIntent }))
    await expectBalance(user, 0)
    expect(await server.db.selectFrom('credit_ledger').select('amount_hundredths').where('user_id', '=', user.id).orderBy('created_at').execute()).toEqual([
      { amount_hundredths: 2000 },
      { amount_hundredths: -2000 },
    ])
  })

  it('ignores a refund of a payment that is not ours, and refuses a bad signature', async () => {
    const { user, paymentIntent } = await buyCreator()
    expect((await deliver(signedRefund(webhookSecret, { paymentIntent: 'pi_someone_else', amount: 999, refunded: 999 }))).status).toBe(200)
    const forged = signedRefund('whsec_wrong', { paymentIntent, amount: CREATOR_CENTS, refunded: CREATOR_CENTS })
    const res = await deliver(forged)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'webhook_signature_invalid' })
    const stale = signedEvent(
      'charge.refunded',
      { id: 'ch_x', object: 'charge', amount: CREATOR_CENTS, amount_refunded: CREATOR_CENTS, payment_intent: paymentIntent },
      webhookSecret,
      {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      },
    )
    expect((await deliver(stale)).status).toBe(400)
    await expectBalance(user, 2000)
  })

  it('closes a checkout session that expired, so a late completion credits nothing', async () => {
    const user = await createSignedInUser(server)
    const { id } = (await (
      await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, priceId: 'starter' } })
    ).json()) as { id: string }
    await deliverFiveAtOnceAndReplay(
      signedEvent('checkout.session.expired', { id, object: 'checkout.session', status: 'expired', payment_status: 'unpaid' }, webhookSecret),
    )
    const row = await server.db.selectFrom('checkout_sessions').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.status).toBe('canceled')
    await deliver(signedCompletion(id, webhookSecret, { amountTotal: 2000 }))
    await expectBalance(user, 0)
  })
})

describe('the local checkout’s test refund', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server.close())

  it('takes a paid session’s credits back once and says so on the page', async () => {
    const user = await createSignedInUser(server)
    const { id } = (await (
      await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, priceId: 'creator' } })
    ).json()) as { id: string }
    // Not paid yet: nothing to refund.
    expect((await server.request(`/checkout/${id}/refund`, { method: 'POST' })).status).toBe(409)
    await server.request(`/checkout/${id}/pay`, { method: 'POST' })
    const paidPage = await (await server.request(`/checkout/${id}`)).text()
    expect(paidPage).toContain('Refund $35.00 (test)')

    expect((await server.request(`/checkout/${id}/refund`, { method: 'POST', headers: { origin: 'https://evil.example' } })).status).toBe(403)
    expect(await balanceHundredths(server.db, user.id)).toBe(2000)

    const refunded = await server.request(`/checkout/${id}/refund`, { method: 'POST' })
    expect(refunded.status).toBe(303)
    expect(refunded.headers.get('location')).toBe(`/checkout/${id}`)
    await server.request(`/checkout/${id}/refund`, { method: 'POST' })
    expect(await balanceHundredths(server.db, user.id)).toBe(0)
    expect(await ledgerSumHundredths(server.db, user.id)).toBe(0)
    expect(await (await server.request(`/checkout/${id}`)).text()).toContain('This checkout was refunded')
  })
})
