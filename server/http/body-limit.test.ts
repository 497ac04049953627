import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_UPLOAD_PATH } from '../../contract/media.ts'
import { createTestServer, type TestServer } from '../testing/harness.ts'
import { MAX_JSON_BODY_BYTES, MAX_WEBHOOK_BODY_BYTES } from './body-limit.ts'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_PRICE_STARTER: 'price_starter',
      STRIPE_PRICE_CREATOR: 'price_creator',
      STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
    },
  })
})
afterAll(() => server.close())

const contactOf = (bytes: number) => JSON.stringify({ userId: null, email: 'vera@example.com', type: 'contact', message: 'x'.repeat(bytes) })

/** A body without Content-Length (chunked), which the limit must count as it streams. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 16 * 1024) controller.enqueue(bytes.subarray(at, at + 16 * 1024))
      controller.close()
    },
  })
}

describe('request body limits on /api', () => {
  it('answers 413 { message, code } for a JSON body over the limit, declared or streamed', async () => {
    const declared = await server.request('/api/messages/v1/new', {
      body: contactOf(MAX_JSON_BODY_BYTES),
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_JSON_BODY_BYTES + 100) },
    })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toEqual({ message: expect.stringContaining('too large'), code: 'payload_too_large' })
    const chunked = await server.app.request('/api/messages/v1/new', {
      method: 'POST',
      body: streamed(contactOf(MAX_JSON_BODY_BYTES)),
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(await chunked.json()).toMatchObject({ code: 'payload_too_large' })
  })

  it('lets a normal form through', async () => {
    const res = await server.request('/api/messages/v1/new', {
      body: contactOf(2000),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.40' },
    })
    expect(res.status).toBe(200)
  })

  it('allows a larger Stripe webhook, up to its own limit', async () => {
    const event = JSON.stringify({ padding: 'x'.repeat(200 * 1024) })
    const fits = await server.request('/api/payment/v1/webhook', { body: event, headers: { 'stripe-signature': 't=1,v1=00' } })
    expect(await fits.json()).toMatchObject({ code: 'webhook_signature_invalid' }) // read whole, then refused on its signature
    const huge = JSON.stringify({ padding: 'x'.repeat(MAX_WEBHOOK_BODY_BYTES) })
    const refused = await server.request('/api/payment/v1/webhook', { body: huge, headers: { 'stripe-signature': 't=1,v1=00' } })
    expect(refused.status).toBe(413)
  })

  it('leaves the streaming media upload to its own caps', async () => {
    const res = await server.request(MEDIA_UPLOAD_PATH, {
      body: 'x'.repeat(MAX_JSON_BODY_BYTES * 2),
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    })
    expect(res.status).toBe(401) // reaches the route (which wants a token), not the JSON limit
  })
})
