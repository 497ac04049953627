import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import webpush from 'web-push'
import type { VapidKeys } from '../config.ts'
import type { OutboundGuard } from '../outbound/guard.ts'
import type { PushEndpointPolicy } from './endpoint-policy.ts'

// Sends one Web Push message (docs/decisions/0280, 0283): the maintained
// `web-push` package encrypts it to the device's keys as RFC 8291 requires
// (aes128gcm) and signs it with our VAPID key (RFC 8292); the request itself
// goes through the outbound guard to the address the endpoint policy checked
// just now, never to one a later DNS answer names. The push service's answer
// is sorted into what the outbox does next.

export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushDelivery {
  /** The encrypted body (JSON, contract/push.ts). */
  payload: string
  /** Seconds the push service keeps it for a device that is offline. */
  ttlSeconds: number
  /** The same topic replaces a message still waiting at the push service (a resend after a lost answer). */
  topic: string
}

export type PushOutcome =
  | { kind: 'sent' }
  /** 404/410: the subscription ended (the user unsubscribed or the browser dropped it). */
  | { kind: 'gone'; status: number }
  /** 429, 5xx, no answer: try again later (the push service may say when). */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; reason: string }
  /** Any other refusal (a bad request, a key the push service does not accept): sending again would not help. */
  | { kind: 'refused'; status: number | null; reason: string }
  /** The endpoint is not a push service we send to (any more), or points inside our network: never sent. */
  | { kind: 'not_allowed'; reason: string }

export interface PushSender {
  send(target: PushTarget, delivery: PushDelivery): Promise<PushOutcome>
}

export interface PushSenderOptions {
  vapid: VapidKeys
  subject: string
  endpoints: PushEndpointPolicy
  guard: OutboundGuard
  timeoutMs?: number
}

/** Retry-After in seconds or as an HTTP date. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header
  if (value === undefined || value.trim() === '') return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** What the push service's answer means for the outbox (RFC 8030 §5, §8.4). */
export function outcomeOfAnswer(status: number, headers: IncomingHttpHeaders, body: string): PushOutcome {
  if (status >= 200 && status <= 299) return { kind: 'sent' }
  if (status === 404 || status === 410) return { kind: 'gone', status }
  const reason = `${status} ${body.slice(0, 200)}`.trim()
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterMs: retryAfterMs(headers['retry-after']), reason }
  return { kind: 'refused', status, reason }
}

/** The first few KB of an answer's body (a push service's answers are short; the rest is not read). */
async function shortBody(response: IncomingMessage, limit = 4096): Promise<string> {
  let text = ''
  for await (const chunk of response) {
    text += String(chunk)
    if (text.length >= limit) break
  }
  response.destroy()
  return text.slice(0, limit)
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

export function createPushSender(options: PushSenderOptions): PushSender {
  const vapidDetails = { subject: options.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey }
  const timeoutMs = options.timeoutMs ?? 10_000
  return {
    async send(target, delivery) {
      const signal = AbortSignal.timeout(timeoutMs)
      let request: ReturnType<typeof webpush.generateRequestDetails>
      try {
        request = webpush.generateRequestDetails(target, delivery.payload, {
          vapidDetails,
          TTL: delivery.ttlSeconds,
          urgency: 'normal',
          topic: delivery.topic,
          contentEncoding: 'aes128gcm',
        })
      } catch (error) {
        // Keys that cannot be encrypted to stay so: sending again would not help.
        return { kind: 'refused', status: null, reason: messageOf(error) }
      }
      try {
        const checked = await options.endpoints.check(target.endpoint, signal)
        if (!checked.ok)
          return checked.reason === 'unresolvable'
            ? { kind: 'retry', status: null, retryAfterMs: null, reason: checked.message }
            : { kind: 'not_allowed', reason: checked.message }
        const response = await options.guard.request(checked.vetted, { method: 'POST', headers: request.headers, body: request.body ?? undefined, signal })
        return outcomeOfAnswer(response.statusCode ?? 0, response.headers, await shortBody(response))
      } catch (error) {
        return { kind: 'retry', status: null, retryAfterMs: null, reason: messageOf(error) }
      }
    },
  }
}
