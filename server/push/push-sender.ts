import type { Agent } from 'node:https'
import webpush, { WebPushError } from 'web-push'
import type { VapidKeys } from '../config.ts'

// Sends one Web Push message through the maintained `web-push` package
// (docs/decisions/0280): encrypted to the device's keys as RFC 8291 requires
// (aes128gcm) and signed with our VAPID key (RFC 8292), and sorts the push
// service's answer into what the outbox does next.

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
  | { kind: 'refused'; status: number; reason: string }

export interface PushSender {
  send(target: PushTarget, delivery: PushDelivery): Promise<PushOutcome>
}

export interface PushSenderOptions {
  vapid: VapidKeys
  subject: string
  timeoutMs?: number
  /** Tests only: trusts the local fake push service's certificate. Never from configuration. */
  agent?: Agent
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

export function outcomeOfError(error: unknown): PushOutcome {
  if (!(error instanceof WebPushError)) return { kind: 'retry', status: null, retryAfterMs: null, reason: error instanceof Error ? error.message : String(error) }
  const status = error.statusCode
  if (status === 404 || status === 410) return { kind: 'gone', status }
  const reason = `${status} ${error.body.slice(0, 200)}`.trim()
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterMs: retryAfterMs(error.headers['retry-after']), reason }
  return { kind: 'refused', status, reason }
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const vapidDetails = { subject: options.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey }
  return {
    async send(target, delivery) {
      try {
        await webpush.sendNotification(target, delivery.payload, {
          vapidDetails,
          TTL: delivery.ttlSeconds,
          urgency: 'normal',
          topic: delivery.topic,
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs ?? 10_000,
          ...(options.agent === undefined ? {} : { agent: options.agent }),
        })
        return { kind: 'sent' }
      } catch (error) {
        return outcomeOfError(error)
      }
    },
  }
}
