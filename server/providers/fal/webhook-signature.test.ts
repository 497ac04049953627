import { describe, expect, it, vi } from 'vitest'
import { createWebhookSigner } from './testing/fake-fal-webhooks.ts'
import { createFalWebhookVerifier, WebhookSignatureError } from './webhook-signature.ts'

// fal's webhook signature as fal documents it (decision 0211), against JWKS
// documents served by a stubbed fetch: the headers, the ±5 minute window, the
// signed message, and fal's key rotation (a key the cache does not know is
// looked up again, at most every 5 minutes).

const body = { request_id: 'req-1', gateway_request_id: 'req-1', status: 'OK' as const, payload: { video: { url: 'https://v3.fal.media/files/out.mp4' } } }

function jwksServer(...documents: unknown[]) {
  const fetchJwks = vi.fn<typeof fetch>(async () => Response.json(documents.length > 1 ? documents.shift() : documents[0]))
  return fetchJwks
}

function headerOf(headers: Record<string, string>): (name: string) => string | undefined {
  return (name) => headers[name]
}

describe('createFalWebhookVerifier', () => {
  it('accepts a delivery signed by a published key and answers what was signed', async () => {
    const fal = createWebhookSigner()
    const verifier = createFalWebhookVerifier({ jwksUrl: 'https://jwks.test/keys', fetch: jwksServer(fal.jwks) })
    const delivery = fal.sign(body)
    const verified = await verifier.verify(headerOf(delivery.headers), new TextEncoder().encode(delivery.body))
    expect(verified).toMatchObject({ requestId: 'req-1', userId: 'fake-fal-user' })
  })

  it('refuses another key, another body, a timestamp over 5 minutes off and missing headers', async () => {
    const fal = createWebhookSigner()
    const verifier = createFalWebhookVerifier({ jwksUrl: 'https://jwks.test/keys', fetch: jwksServer(fal.jwks) })
    const check = (delivery: { headers: Record<string, string>; body: string }) =>
      verifier.verify(headerOf(delivery.headers), new TextEncoder().encode(delivery.body))
    await expect(check(fal.sign(body, { foreignKey: true }))).rejects.toBeInstanceOf(WebhookSignatureError)
    await expect(check(fal.sign(body, { tamperBody: true }))).rejects.toBeInstanceOf(WebhookSignatureError)
    await expect(check(fal.sign(body, { timestampOffsetSeconds: -301 }))).rejects.toBeInstanceOf(WebhookSignatureError)
    await expect(check({ headers: {}, body: JSON.stringify(body) })).rejects.toBeInstanceOf(WebhookSignatureError)
    await expect(check(fal.sign(body, { timestampOffsetSeconds: -299 }))).resolves.toMatchObject({ requestId: 'req-1' })
  })

  it('looks the keys up again for an unknown key once the cache is 5 minutes old (fal rotated its key)', async () => {
    const before = createWebhookSigner()
    const after = createWebhookSigner()
    let now = Date.now()
    const fetchJwks = jwksServer(before.jwks, after.jwks)
    const verifier = createFalWebhookVerifier({ jwksUrl: 'https://jwks.test/keys', fetch: fetchJwks, now: () => now })
    const signedBy = (signer: typeof before) => {
      // Signed at the verifier's "now".
      const delivery = signer.sign(body, { timestampOffsetSeconds: Math.round((now - Date.now()) / 1000) })
      return verifier.verify(headerOf(delivery.headers), new TextEncoder().encode(delivery.body))
    }
    await expect(signedBy(before)).resolves.toBeDefined()
    // Right after a lookup an unknown key is refused without asking again (no lookups on demand of a forger).
    await expect(signedBy(after)).rejects.toBeInstanceOf(WebhookSignatureError)
    expect(fetchJwks).toHaveBeenCalledTimes(1)
    now += 6 * 60_000
    await expect(signedBy(after)).resolves.toBeDefined()
    expect(fetchJwks).toHaveBeenCalledTimes(2)
  })
})
