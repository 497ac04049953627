import { z } from 'zod'
import { VIDEO_JOB_KINDS } from './job-events.ts'

// Push notifications when a generation ends (docs/api.md "Push notifications",
// docs/decisions/0280): the app subscribes a device with the server's VAPID
// key; the server sends one encrypted message per device when a job completes
// or fails, and the service worker shows it in the subscription's language.

export const PUSH_KEY_PATH = 'api/push/v1/key'
export const PUSH_SUBSCRIPTION_PATH = 'api/push/v1/subscription'

/** The languages a notification can be shown in (the app's, src/i18n/locale.ts). */
export const PUSH_LANGUAGES = ['en', 'de'] as const
export type PushLanguage = (typeof PUSH_LANGUAGES)[number]

/** GET api/push/v1/key: the VAPID public key (base64url, uncompressed P-256 point). 404 when push is off. */
export const pushKeySchema = z.object({ publicKey: z.string().min(1) })
export type PushKey = z.infer<typeof pushKeySchema>

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url')

/** What PushSubscription.toJSON() gives: the push service's URL and the device's keys. */
export const pushSubscriptionSchema = z.object({
  // Push services' URLs are https; this is the capability the server posts to.
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  keys: z.object({
    /** The device's P-256 public key (65 bytes, base64url). */
    p256dh: base64url.min(86).max(90),
    /** The device's 16-byte auth secret (base64url). */
    auth: base64url.min(22).max(24),
  }),
})

/** PUT api/push/v1/subscription (signed in): this device's subscription and the language to notify in. */
export const savePushSubscriptionSchema = pushSubscriptionSchema.extend({ language: z.enum(PUSH_LANGUAGES) })
export type SavePushSubscription = z.infer<typeof savePushSubscriptionSchema>

/**
 * DELETE api/push/v1/subscription: forgets a device's subscription. It needs
 * no token (a sign-out may follow a refused one): the endpoint and its auth
 * secret, which only that device and its push service know, are the proof.
 */
export const removePushSubscriptionSchema = z.object({ endpoint: z.string().min(1).max(2048), auth: z.string().min(1).max(64) })
export type RemovePushSubscription = z.infer<typeof removePushSubscriptionSchema>

/**
 * The encrypted payload: only what the notification shows (its outcome and
 * kind, in which language, whether credits came back) and where it leads
 * (the job, which the service worker finds on the device or in the gallery).
 */
export const pushMessageSchema = z.object({
  type: z.literal('generation-ended'),
  requestId: z.string().min(1).max(100),
  kind: z.enum(VIDEO_JOB_KINDS),
  outcome: z.enum(['completed', 'failed']),
  /** A failed job's price came back (the demo account pays nothing). */
  refunded: z.boolean(),
  language: z.enum(PUSH_LANGUAGES),
})
export type PushMessage = z.infer<typeof pushMessageSchema>
