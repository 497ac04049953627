import { createServer, type Server } from 'node:http'
import { Stripe } from 'stripe'

// A local HTTP fake of the two Stripe Checkout calls the server makes, for
// contract tests: create a session (form-encoded, as the SDK sends it) and
// retrieve it. Sessions are reported paid once `markPaid` was called.

export interface StripeFake {
  url: string
  created: URLSearchParams[]
  /** Marks a session paid; `charged` overrides what Stripe reports it charged (default: its price, in usd). */
  markPaid(sessionId: string, charged?: { amountTotal: number; currency: string }): void
  close(): Promise<void>
}

/** The prices the test servers configure (STRIPE_PRICE_*), in cents. */
const FAKE_PRICES: Record<string, number> = { price_starter: 2000, price_creator: 3500, price_enterprise: 5500 }

function amountOf(form: URLSearchParams): number | null {
  const inline = form.get('line_items[0][price_data][unit_amount]')
  if (inline !== null) return Number(inline)
  return FAKE_PRICES[form.get('line_items[0][price]') ?? ''] ?? null
}

export async function startStripeFake(): Promise<StripeFake> {
  const created: URLSearchParams[] = []
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
    markPaid: (id, charged) => {
      paid.add(id)
      if (charged !== undefined) charges.set(id, charged)
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A checkout.session.completed event and its Stripe-Signature header. */
export function signedCompletion(
  sessionId: string,
  secret: string,
  options: { timestamp?: number; paymentStatus?: string; amountTotal?: number; currency?: string } = {},
) {
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: options.paymentStatus ?? 'paid',
        // What Stripe charged: without it the server must not credit.
        ...(options.amountTotal === undefined ? {} : { amount_total: options.amountTotal, currency: options.currency ?? 'usd' }),
      },
    },
  })
  const signature = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  })
  return { payload, signature }
}
