import { isHTTPError } from 'ky'
import { apiErrorBodySchema } from '@contract/errors'
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTION_PATH, type PushLanguage } from '@contract/push'
import { api } from '@/api/http'
import { browserFacts, shouldHintIosInstall } from '@/app/pwa/ios-install'
import { STORAGE_KEYS } from '@/device/names'
import { readStored, removeStored, writeStored } from '@/device/web-storage'

// This device's push subscription (docs/decisions/0280): made only when the
// user chooses "Notify me when it's ready", sent to the server with the
// app's language, and removed again at sign-out.

export type PushSupport =
  /** The browser can subscribe (the installed app on iOS). */
  | 'supported'
  /** Safari on iOS in a tab: web push needs the app added to the home screen. */
  | 'needs-home-screen'
  | 'unsupported'

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported'
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported'
  return shouldHintIosInstall(browserFacts()) ? 'needs-home-screen' : 'unsupported'
}

export function notificationPermission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'default'
}

/** The subscription of this browser, or null (none, or no service worker yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** The server's VAPID key, or null when the server has push turned off. */
async function serverKey(): Promise<string | null> {
  const response = await api.get(PUSH_KEY_PATH, { throwHttpErrors: false })
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`the push key answered ${response.status}`)
  const body: unknown = await response.json()
  if (typeof body !== 'object' || body === null || !('publicKey' in body) || typeof body.publicKey !== 'string')
    throw new Error('the push key answer has no key')
  return body.publicKey
}

/** Whether the server sends push messages at all (PUSH_NOTIFICATIONS). */
export async function serverOffersPush(): Promise<boolean> {
  return (await serverKey()) !== null
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    text
      .replaceAll('-', '+')
      .replaceAll('_', '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  )
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return bytes
}

async function sendToServer(subscription: PushSubscription, language: PushLanguage): Promise<void> {
  const { endpoint, keys } = subscription.toJSON()
  await api.put(PUSH_SUBSCRIPTION_PATH, { json: { endpoint, keys, language } })
}

/**
 * failed: no push service reachable, or the server did not answer; not-allowed: the server does not
 * send to this browser's push service (docs/decisions/0283); rate-limited: too many saves just now.
 */
export type SubscribeResult = 'subscribed' | 'denied' | 'failed' | 'not-allowed' | 'rate-limited'

/** Why the server refused the subscription, when it said. */
function refusalOf(error: unknown): SubscribeResult {
  if (!isHTTPError(error)) return 'failed'
  const body = apiErrorBodySchema.safeParse(error.data)
  const code = body.success ? body.data.code : null
  if (code === 'push_endpoint_not_allowed') return 'not-allowed'
  if (code === 'rate_limited') return 'rate-limited'
  return 'failed'
}

/** The user chose to be notified: asks for permission (this click is the only place), subscribes and tells the server. */
export async function subscribeThisDevice(language: PushLanguage): Promise<SubscribeResult> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'failed'
  try {
    const key = await serverKey()
    if (key === null) return 'failed'
    const registration = await navigator.serviceWorker.ready
    // A subscription made with another key (the server's pair changed) can never be used: replace it.
    const existing = await registration.pushManager.getSubscription()
    if (existing !== null) await existing.unsubscribe()
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlBytes(key) })
    try {
      await sendToServer(subscription, language)
    } catch (error) {
      // The server does not have it: neither does the browser, so this device does not look subscribed.
      await subscription.unsubscribe().catch(() => false)
      return refusalOf(error)
    }
    rememberSent(subscription.endpoint, language)
    return 'subscribed'
  } catch {
    // No push service reachable: nothing is left half-made on the server.
    return 'failed'
  }
}

/** Storage blocked: the language is sent again next time. */
function rememberSent(endpoint: string, language: PushLanguage): void {
  writeStored(STORAGE_KEYS.pushSent, `${language} ${endpoint}`)
}

function sentBefore(endpoint: string, language: PushLanguage): boolean {
  return readStored(STORAGE_KEYS.pushSent) === `${language} ${endpoint}`
}

/** The app's language changed (or the app opened): the server words this device's notifications in it. */
export async function syncPushLanguage(language: PushLanguage): Promise<void> {
  const subscription = await currentSubscription()
  if (subscription === null || sentBefore(subscription.endpoint, language)) return
  await sendToServer(subscription, language)
  rememberSent(subscription.endpoint, language)
}

/** Turns notifications off on this device: the server forgets it, the browser drops the subscription. */
export async function unsubscribeThisDevice(): Promise<void> {
  if (pushSupport() !== 'supported') return
  const subscription = await currentSubscription()
  if (subscription === null) return
  const { endpoint, keys } = subscription.toJSON()
  // No token needed (a sign-out may follow a refused one): the endpoint and its auth secret are the proof.
  await api.delete(PUSH_SUBSCRIPTION_PATH, { json: { endpoint, auth: keys?.auth ?? '' } }).catch(() => undefined)
  await subscription.unsubscribe().catch(() => false)
  removeStored(STORAGE_KEYS.pushSent)
}
