import { createServer, type Server } from 'node:http'
import { Stripe } from 'stripe'

// A local HTTP fake of the two Stripe Checkout calls the server makes, for
// contract tests: create a session (form-encoded, as the SDK sends it) and
// retrieve it. Sessions are reported paid once `markPaid` was called.

export interface StripeFake {
  url: string
  created: URLSearchParams[]
  markPaid(sessionId: string): void
  close(): Promise<void>
}

export async function startStripeFake(): Promise<StripeFake> {
  const created: URLSearchParams[] = []
  const paid = new Set<string>()
  let next = 0
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        created.push(new URLSearchParams(body))
        const id = `cs_test_${++next}`
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/${id}`, payment_status: 'unpaid' }))
        return
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)/.exec(req.url ?? '')
      if (req.method === 'GET' && match?.[1] !== undefined) {
        const id = match[1]
        res.end(JSON.stringify({ id, object: 'checkout.session', url: null, payment_status: paid.has(id) ? 'paid' : 'unpaid' }))
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
    markPaid: (id) => paid.add(id),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A checkout.session.completed event and its Stripe-Signature header. */
export function signedCompletion(sessionId: string, secret: string, options: { timestamp?: number; paymentStatus?: string } = {}) {
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: options.paymentStatus ?? 'paid' } },
  })
  const signature = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  })
  return { payload, signature }
}
