import { createHmac, randomBytes } from 'node:crypto'

// Standard Webhooks signing (docs/decisions/0405): each endpoint has its own
// secret, `whsec_` and the base64 of 32 random bytes; a message is signed as
// HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<body>" with the
// secret's bytes, sent as `v1,<base64 signature>` in webhook-signature.

export const WEBHOOK_SECRET_MARK = 'whsec_'

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_MARK}${randomBytes(32).toString('base64')}`
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_MARK) ? secret.slice(WEBHOOK_SECRET_MARK.length) : secret, 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`
}

/** The headers of one attempt: the same id every time, the time of this attempt. */
export function webhookHeaders(secret: string, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000)
  return {
    'content-type': 'application/json',
    'user-agent': 'Actorly-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  }
}
