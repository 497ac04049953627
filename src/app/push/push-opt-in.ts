import { useEffect, useSyncExternalStore } from 'react'
import type { PushLanguage } from '@contract/push'
import type * as PushDevice from './push-device'

// Whether this device is notified when a video is ready, as every "Notify
// me when it's ready" control shows it (the Account screen and the running
// generation share one state). Nothing here asks for permission except
// turnOn, which runs on the user's click. The device's push code (and the HTTP
// client and schemas it brings) loads when a control first shows, which is
// only for someone signed in: a visitor's screen carries none of it
// (docs/decisions/0208).
let loaded: typeof PushDevice | undefined
const pushDevice = async () => (loaded ??= await import('./push-device'))

export type PushOptInState =
  /** Not offered here: no push in this browser, or the server has it off (also while checking). */
  | 'hidden'
  /** iOS Safari in a tab: web push needs the home-screen app. */
  | 'needs-home-screen'
  /** The user blocked notifications for the app: only the browser's settings can change that. */
  | 'denied'
  | 'off'
  | 'working'
  | 'on'
  /** Subscribing did not work (no push service reachable, the server did not answer). */
  | 'failed'
  /** The server does not send to this browser's push service (docs/decisions/0283). */
  | 'not-allowed'
  /** The server refused: too many subscription saves from this account just now. */
  | 'rate-limited'

let state: PushOptInState = 'hidden'
let checked = false
const listeners = new Set<() => void>()

function set(next: PushOptInState): void {
  state = next
  for (const listener of listeners) listener()
}

async function check(): Promise<void> {
  const { currentSubscription, notificationPermission, pushSupport, serverOffersPush } = await pushDevice()
  const support = pushSupport()
  if (support !== 'supported') return set(support === 'needs-home-screen' ? 'needs-home-screen' : 'hidden')
  if (!(await serverOffersPush().catch(() => false))) return set('hidden')
  if (notificationPermission() === 'denied') return set('denied')
  const subscription = await currentSubscription().catch(() => null)
  set(subscription !== null && notificationPermission() === 'granted' ? 'on' : 'off')
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!checked) {
    checked = true
    void check().catch(() => set('hidden'))
  }
  return () => listeners.delete(listener)
}

export async function turnOn(language: PushLanguage): Promise<void> {
  set('working')
  // Loaded by the check that showed the control: nothing is awaited before the permission prompt, which needs the click.
  const device = loaded ?? (await pushDevice())
  const result = await device.subscribeThisDevice(language)
  set(result === 'subscribed' ? 'on' : result)
}

export async function turnOff(): Promise<void> {
  set('working')
  await (await pushDevice()).unsubscribeThisDevice()
  set('off')
}

/**
 * A device that signs out stops being notified about the account's videos (docs/decisions/0280):
 * the server forgets this device's subscription (no token needed, so a refused token's sign-out
 * does it too), and every Notify control looks again. The app hands this to the session
 * (../this-device.ts); it loads at sign-out (docs/decisions/0203).
 */
export async function stopPushOnSignOut(): Promise<void> {
  await pushDevice()
    .then((device) => device.unsubscribeThisDevice())
    .catch(() => undefined)
  checked = listeners.size > 0
  if (checked) void check().catch(() => set('hidden'))
}

export function usePushOptIn(): PushOptInState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => 'hidden',
  )
}

/** Keeps the server's language for this device's notifications in step with the app's. */
export function usePushLanguage(optIn: PushOptInState, language: PushLanguage): void {
  useEffect(() => {
    if (optIn === 'on') void pushDevice().then(({ syncPushLanguage }) => syncPushLanguage(language).catch(() => undefined))
  }, [optIn, language])
}
