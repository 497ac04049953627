import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { Stripe } from 'stripe'

// A local HTTP fake of the Stripe Checkout calls the server makes, for
// contract tests: create a session (form-encoded, as the SDK sends it),
// retrieve it, and list sessions by payment intent. Sessions are reported paid
// once `markPaid` was called; a paid session's payment intent is
// `paymentIntentOf(id)`. Signed webhook events are made with the SDK's own
// test-header helper.

export interface StripeFake {
  url: string
  created: URLSearchParams[]
  /** The list calls the server made, by payment intent. */
  listedByPaymentIntent: string[]
  /** Marks a session paid; `charged` overrides what Stripe reports it charged (default: its price, in usd). */
  markPaid(sessionId: string, charged?: { amountTotal: number; currency: string }): void
  close(): Promise<void>
}

/** The prices the test servers configure (STRIPE_PRICE_*), in cents. */
const FAKE_PRICES: Record<string, number> = { price_starter: 2000, price_creator: 3500, price_enterprise: 5500 }

/** The payment intent the fake gives a paid session. */
export const paymentIntentOf = (sessionId: string): string => `pi_${sessionId}`

function amountOf(form: URLSearchParams): number | null {
  const inline = form.get('line_items[0][price_data][unit_amount]')
  if (inline !== null) return Number(inline)
  return FAKE_PRICES[form.get('line_items[0][price]') ?? ''] ?? null
}

export async function startStripeFake(): Promise<StripeFake> {
  const created: URLSearchParams[] = []
  const listedByPaymentIntent: string[] = []
  const paid = new Set<string>()
  const charges = new Map<string, { amountTotal: number | null; currency: string }>()
  let next = 0
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body)
        created.push(form)
        const id = `cs_test_${++next}`
        charges.set(id, { amountTotal: amountOf(form), currency: 'usd' })
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/${id}`, payment_status: 'unpaid' }))
        return
      }
      const url = new URL(req.url ?? '/', 'http://stripe.test')
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        // Stripe's list: { object: 'list', data, has_more }, filtered by payment_intent.
        const intent = url.searchParams.get('payment_intent') ?? ''
        listedByPaymentIntent.push(intent)
        const data = [...charges.keys()]
          .filter((id) => paid.has(id) && paymentIntentOf(id) === intent)
          .map((id) => ({ id, object: 'checkout.session', payment_intent: intent }))
        res.end(JSON.stringify({ object: 'list', url: '/v1/checkout/sessions', has_more: false, data }))
        return
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)/.exec(req.url ?? '')
      if (req.method === 'GET' && match?.[1] !== undefined) {
        const id = match[1]
        const charge = charges.get(id)
        res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: null,
            payment_status: paid.has(id) ? 'paid' : 'unpaid',
            amount_total: charge?.amountTotal ?? null,
            currency: charge?.currency ?? null,
            payment_intent: paid.has(id) ? paymentIntentOf(id) : null,
          }),
        )
        return
      }
      res.statusCode = 404
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no route ${req.method} ${req.url}` } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    created,
    listedByPaymentIntent,
    markPaid: (id, charged) => {
      paid.add(id)
      if (charged !== undefined) charges.set(id, charged)
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Any event as Stripe would send it, with its Stripe-Signature header (the SDK's test-header helper). */
export function signedEvent(type: string, object: Record<string, unknown>, secret: string, options: { id?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({ id: options.id ?? `evt_${randomUUID()}`, object: 'event', type, data: { object } })
  const signature = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  })
  return { payload, signature }
}

/** A checkout.session.completed event and its Stripe-Signature header. */
export function signedCompletion(
  sessionId: string,
  secret: string,
  options: { timestamp?: number; paymentStatus?: string; amountTotal?: number; currency?: string; paymentIntent?: string } = {},
) {
  return signedEvent(
    'checkout.session.completed',
    {
      id: sessionId,
      object: 'checkout.session',
      payment_status: options.paymentStatus ?? 'paid',
      payment_intent: options.paymentIntent ?? null,
      // What Stripe charged: without it the server must not credit.
      ...(options.amountTotal === undefined ? {} : { amount_total: options.amountTotal, currency: options.currency ?? 'usd' }),
    },
    secret,
    { id: `evt_${sessionId}`, ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }) },
  )
}

/** charge.refunded: `refunded` is Stripe's running total of what went back of `amount`. */
export function signedRefund(secret: string, charge: { paymentIntent: string; amount: number; refunded: number }, eventId?: string) {
  return signedEvent(
    'charge.refunded',
    {
      id: `ch_${charge.paymentIntent}`,
      object: 'charge',
      amount: charge.amount,
      amount_refunded: charge.refunded,
      currency: 'usd',
      payment_intent: charge.paymentIntent,
      refunded: charge.refunded >= charge.amount,
      status: 'succeeded',
    },
    secret,
    eventId === undefined ? {} : { id: eventId },
  )
}

/** charge.dispute.created or .closed for a payment intent. */
export function signedDispute(
  secret: string,
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  dispute: { id: string; paymentIntent: string; amount: number; status: string },
  eventId?: string,
) {
  return signedEvent(
    type,
    {
      id: dispute.id,
      object: 'dispute',
      amount: dispute.amount,
      currency: 'usd',
      charge: `ch_${dispute.paymentIntent}`,
      payment_intent: dispute.paymentIntent,
      reason: 'fraudulent',
      status: dispute.status,
    },
    secret,
    eventId === undefined ? {} : { id: eventId },
  )
}
