import { useSyncExternalStore } from 'react'

// Chromium's install offer (docs/decisions/0050: the app is installable). The browser fires
// `beforeinstallprompt` once, early, maybe before any component is mounted, so
// the offer is caught here when the module loads and kept for the button.

/** Chromium's event; not in TypeScript's DOM library. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function' && 'userChoice' in event
}

let offer: InstallPromptEvent | null = null
const listeners = new Set<() => void>()

function setOffer(next: InstallPromptEvent | null): void {
  offer = next
  for (const listener of listeners) listener()
}

/** Starts catching the offer; the app calls it once at load (idempotent). */
let catching = false
export function catchInstallOffer(): void {
  if (catching) return
  catching = true
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPromptEvent(event)) return
    // Keep the browser's own mini-infobar away: the app offers installing where it fits.
    event.preventDefault()
    setOffer(event)
  })
  window.addEventListener('appinstalled', () => setOffer(null))
}

/** The pending offer, or null when the browser offers none (not installable, installed, or not Chromium). */
export function useInstallOffer(): InstallPromptEvent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => offer,
    () => null,
  )
}

/** Shows the browser's install dialog; an offer can be used once, whatever the answer. */
export async function acceptInstallOffer(event: InstallPromptEvent): Promise<'accepted' | 'dismissed'> {
  setOffer(null)
  await event.prompt()
  return (await event.userChoice).outcome
}
