import { LOCALE_STORAGE_KEY } from '@/i18n/locale'

// spec §4: "Sign-out clears the stored session from session and local storage."
// The chosen language and the dismissed install hint are device settings, not part of anyone's session, so they stay.

/** The install hint, once dismissed (src/app/pwa/ios-install.ts), stays dismissed for everyone on this device. */
export const IOS_HINT_DISMISSED_KEY = 'actorly.iosInstallHintDismissed'

const DEVICE_SETTINGS = new Set<string>([LOCALE_STORAGE_KEY, IOS_HINT_DISMISSED_KEY])

export function clearStoredSession(): void {
  try {
    sessionStorage.clear()
    for (const key of Object.keys(localStorage)) {
      if (!DEVICE_SETTINGS.has(key)) localStorage.removeItem(key)
    }
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): nothing stored, nothing to clear.
  }
}

type SignOutListener = () => Promise<void> | void
const signOutListeners = new Set<SignOutListener>()

/** Lets device stores (pending jobs, cached gallery pages) forget the signed-out user. */
export function onSignedOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener)
  return () => signOutListeners.delete(listener)
}

export async function notifySignedOut(): Promise<void> {
  await Promise.allSettled([...signOutListeners].map(async (listener) => listener()))
}
