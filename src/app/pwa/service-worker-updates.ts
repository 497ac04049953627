// Registers the service worker (sw/sw.ts) and reports a new version that is
// installed and waiting. The new version never takes over by itself: a recording
// or generation may be running, so it waits until the user accepts (update-prompt.tsx).
import type { Workbox } from 'workbox-window'

/** A new version, installed and waiting for the user. */
export type WaitingUpdate = {
  /** Activates the waiting worker, then reloads the page once it controls it. */
  reloadIntoNewVersion: () => void
}

/** Calls back when an update is waiting; returns a function that stops listening. */
export type UpdateSource = (onWaiting: (update: WaitingUpdate) => void) => () => void

/** The part of workbox-window's Workbox this module uses. */
export type ServiceWorkerRegistrar = {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void
  register(): Promise<unknown>
  messageSkipWaiting(): void
}

export type UpdateSourceOptions = {
  /** Creates the Workbox instance; workbox-window is loaded lazily to keep it off the landing route's critical path. */
  createWorkbox?: () => Promise<ServiceWorkerRegistrar>
  reload?: () => void
  /** Whether an older version is active beside the waiting one, i.e. the waiting worker is an update. */
  olderVersionRuns?: () => Promise<boolean>
}

/**
 * workbox-window also reports "waiting" for the very first worker when it takes
 * longer than 200 ms from installed to activating (Firefox under load), or when
 * the page reloads in that moment; there is no older version then, so nothing
 * to offer (docs/decisions/0245).
 */
export async function registrationHasOlderVersion(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration()
  return registration?.active != null && registration.waiting !== null && registration.active !== registration.waiting
}

async function loadWorkbox(): Promise<Workbox> {
  const { Workbox } = await import('workbox-window')
  return new Workbox('/sw.js', { scope: '/' })
}

export function createUpdateSource({
  createWorkbox = loadWorkbox,
  reload = () => window.location.reload(),
  olderVersionRuns = registrationHasOlderVersion,
}: UpdateSourceOptions = {}): UpdateSource {
  const listeners = new Set<(update: WaitingUpdate) => void>()
  // Remembered so a prompt that mounts (or remounts) after the event still shows it.
  let waiting: WaitingUpdate | undefined
  let started = false

  async function register() {
    const wb = await createWorkbox()
    // Listen before registering: a worker already waiting is reported during register().
    wb.addEventListener('waiting', () => {
      void olderVersionRuns().then((update) => {
        if (!update || waiting !== undefined) return
        waiting = {
          reloadIntoNewVersion: () => {
            wb.addEventListener('controlling', () => reload())
            wb.messageSkipWaiting()
          },
        }
        for (const listener of listeners) listener(waiting)
      })
    })
    await wb.register()
  }

  return (onWaiting) => {
    listeners.add(onWaiting)
    if (waiting) onWaiting(waiting)
    // One registration for the page's lifetime, however often the prompt mounts.
    if (!started) {
      started = true
      register().catch((error: unknown) => console.warn('Service worker registration failed', error))
    }
    return () => listeners.delete(onWaiting)
  }
}

/** Only production builds have a service worker (the dev server serves none). */
export const productionUpdates: UpdateSource | null =
  import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? createUpdateSource() : null
