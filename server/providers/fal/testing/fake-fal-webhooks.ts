import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto'
import { signedMessage, FAL_WEBHOOK_HEADERS } from '../webhook-signature.ts'

// The fake fal server's webhooks (docs/decisions/0211): signed exactly as fal
// signs its own — ED25519 over request id, user id, timestamp and the body's
// SHA-256 — with a test key whose public half the fake publishes as a JWKS at
// /.well-known/jwks.json (the server's FAL_WEBHOOK_JWKS_URL points there in
// tests). Deliveries that are not answered 2xx are tried again a few times,
// as fal does (10 times over 2 hours; here within a second or two).

/** fal's webhook body: the request, OK or ERROR, and the model's answer. */
export interface FalWebhookBody {
  request_id: string
  gateway_request_id: string
  status: 'OK' | 'ERROR'
  payload: unknown
  error?: string
  payload_error?: string | null
}

export interface SignOptions {
  /** Sign with a key fal never published (a forged delivery). */
  foreignKey?: boolean
  /** Seconds added to the timestamp (negative: an old delivery, a replay). */
  timestampOffsetSeconds?: number
  /** Change the body after signing. */
  tamperBody?: boolean
}

export interface SignedDelivery {
  headers: Record<string, string>
  body: string
}

export interface WebhookSigner {
  /** The JWKS document fal publishes: our test key's public half. */
  jwks: { keys: Record<string, unknown>[] }
  sign(body: FalWebhookBody, options?: SignOptions): SignedDelivery
}

/** fal's user id of our account as its webhooks name it. */
const FAKE_FAL_USER_ID = 'fake-fal-user'
const RETRY_DELAYS_MS = [100, 300, 800, 1500]

export function createWebhookSigner(): WebhookSigner {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const foreign: KeyObject = generateKeyPairSync('ed25519').privateKey
  const jwk = publicKey.export({ format: 'jwk' })
  return {
    jwks: { keys: [{ ...jwk, kid: randomUUID(), use: 'sig', alg: 'EdDSA' }] },
    sign(body, options = {}) {
      const text = JSON.stringify(body)
      const timestamp = String(Math.floor(Date.now() / 1000) + (options.timestampOffsetSeconds ?? 0))
      const delivery = { requestId: body.request_id, userId: FAKE_FAL_USER_ID, timestamp }
      const signature = sign(null, signedMessage(delivery, Buffer.from(text, 'utf8')), options.foreignKey === true ? foreign : privateKey).toString('hex')
      return {
        headers: {
          'content-type': 'application/json',
          [FAL_WEBHOOK_HEADERS.requestId]: delivery.requestId,
          [FAL_WEBHOOK_HEADERS.userId]: delivery.userId,
          [FAL_WEBHOOK_HEADERS.timestamp]: timestamp,
          [FAL_WEBHOOK_HEADERS.signature]: signature,
        },
        body: options.tamperBody === true ? text.replace('"status":"', '"status": "') : text,
      }
    },
  }
}

/** POSTs one delivery; answers the HTTP status, or 0 when nothing answered. */
export async function postDelivery(url: string, delivery: SignedDelivery): Promise<number> {
  try {
    const response = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body, signal: AbortSignal.timeout(10_000) })
    await response.body?.cancel()
    return response.status
  } catch {
    return 0
  }
}

/** Delivers like fal: again after a pause while the answer is not 2xx. Answers every status seen. */
export async function deliverWithRetries(url: string, body: FalWebhookBody, signer: WebhookSigner): Promise<number[]> {
  const seen: number[] = []
  for (const delay of [0, ...RETRY_DELAYS_MS]) {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
    const status = await postDelivery(url, signer.sign(body))
    seen.push(status)
    if (status >= 200 && status < 300) break
  }
  return seen
}
