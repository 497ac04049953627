import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto'
import { z } from 'zod'

// fal's webhook signature, checked exactly as fal documents it ("Verifying
// your webhook", docs/decisions/0211): fal signs with ED25519 and publishes
// its public keys as a JWKS (cached up to 24 h). A delivery carries
// X-Fal-Webhook-Request-Id, -User-Id, -Timestamp (Unix seconds, accepted
// within ±5 minutes) and -Signature (hex). The signed message is those three
// values and the hex SHA-256 of the raw body, joined by newlines; it is valid
// when any published key verifies it.

export const FAL_WEBHOOK_HEADERS = {
  requestId: 'x-fal-webhook-request-id',
  userId: 'x-fal-webhook-user-id',
  timestamp: 'x-fal-webhook-timestamp',
  signature: 'x-fal-webhook-signature',
} as const

/** fal's leeway for the timestamp. */
export const WEBHOOK_TOLERANCE_SECONDS = 300
/** fal: cache the JWKS for up to 24 hours. */
const JWKS_CACHE_MS = 24 * 60 * 60_000
/** A signature no cached key verifies fetches the keys again (a rotation), at most this often. */
const JWKS_REFRESH_MIN_MS = 5 * 60_000
const JWKS_TIMEOUT_MS = 10_000

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError'
}

/** fal's keys could not be read: nothing can be verified now (fal retries its delivery later). */
export class JwksUnavailableError extends Error {
  override name = 'JwksUnavailableError'
}

/** The signed part of a delivery: what the handler may trust once verify() returned. */
export interface VerifiedDelivery {
  requestId: string
  userId: string
  timestamp: number
}

export interface FalWebhookVerifier {
  /** Throws WebhookSignatureError unless the delivery is signed by fal (or, in tests, the fake's key). */
  verify(header: (name: string) => string | undefined, rawBody: Uint8Array): Promise<VerifiedDelivery>
}

const jwksSchema = z.object({
  keys: z.array(z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional() }).loose()),
})

/** The message fal signs: request id, user id, timestamp and the body's SHA-256 (hex), one per line. */
export function signedMessage(delivery: { requestId: string; userId: string; timestamp: string }, rawBody: Uint8Array): Buffer {
  const bodyHash = createHash('sha256').update(rawBody).digest('hex')
  return Buffer.from([delivery.requestId, delivery.userId, delivery.timestamp, bodyHash].join('\n'), 'utf8')
}

function ed25519Keys(jwks: z.infer<typeof jwksSchema>): KeyObject[] {
  const keys: KeyObject[] = []
  for (const key of jwks.keys) {
    if (key.kty !== 'OKP' || key.crv !== 'Ed25519' || key.x === undefined) continue
    try {
      keys.push(createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' }))
    } catch {
      // A malformed key is skipped; the others may still verify.
    }
  }
  return keys
}

export function createFalWebhookVerifier(options: { jwksUrl: string; fetch?: typeof fetch; now?: () => number }): FalWebhookVerifier {
  const get = options.fetch ?? fetch
  const now = options.now ?? Date.now
  let cached: { keys: KeyObject[]; at: number } | null = null
  let loading: Promise<KeyObject[]> | null = null

  async function load(): Promise<KeyObject[]> {
    const response = await get(options.jwksUrl, { signal: AbortSignal.timeout(JWKS_TIMEOUT_MS), headers: { accept: 'application/json' } })
    if (!response.ok) throw new Error(`fal's JWKS answered ${response.status}`)
    const published = ed25519Keys(jwksSchema.parse(await response.json()))
    cached = { keys: published, at: now() }
    return published
  }

  function publishedKeys(fresh: boolean): Promise<KeyObject[]> {
    if (!fresh && cached !== null && now() - cached.at < JWKS_CACHE_MS) return Promise.resolve(cached.keys)
    loading ??= load().finally(() => {
      loading = null
    })
    return loading
  }

  return {
    async verify(header, rawBody) {
      const requestId = header(FAL_WEBHOOK_HEADERS.requestId)
      const userId = header(FAL_WEBHOOK_HEADERS.userId)
      const timestamp = header(FAL_WEBHOOK_HEADERS.timestamp)
      const signatureHex = header(FAL_WEBHOOK_HEADERS.signature)
      if (!requestId || !userId || !timestamp || !signatureHex) throw new WebhookSignatureError('A fal webhook header is missing')
      const seconds = Number(timestamp)
      if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - seconds) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookSignatureError('The webhook timestamp is missing or more than 5 minutes off')
      }
      if (!/^[0-9a-f]{128}$/i.test(signatureHex)) throw new WebhookSignatureError('The webhook signature is not 64 bytes of hex')
      const signature = Buffer.from(signatureHex, 'hex')
      const message = signedMessage({ requestId, userId, timestamp }, rawBody)
      const verifiedBy = (list: KeyObject[]): boolean => list.some((key) => verify(null, message, key, signature))
      let list: KeyObject[]
      try {
        list = await publishedKeys(false)
        if (!verifiedBy(list) && cached !== null && now() - cached.at > JWKS_REFRESH_MIN_MS) list = await publishedKeys(true)
      } catch (error) {
        throw new JwksUnavailableError(`fal's public keys could not be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      }
      if (!verifiedBy(list)) throw new WebhookSignatureError('No fal key verifies the webhook signature')
      return { requestId, userId, timestamp: seconds }
    },
  }
}
