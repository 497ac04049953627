import { DEVICE_SETTINGS, type StorageKey } from './names'

// The device's keys in localStorage (names.ts), read and written so that a
// browser that refuses storage (private modes, blocked site data) costs only
// what the key remembers, never a crash.

export function readStored(key: StorageKey): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key)
  } catch {
    return null
  }
}

/** Stores `value`; false when the browser refused. */
export function writeStored(key: StorageKey, value: string): boolean {
  try {
    localStorage.setItem(key, value)
    return true
  } catch {
    return false
  }
}

export function removeStored(key: StorageKey): void {
  try {
    localStorage.removeItem(key)
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/**
 * spec §4: "Sign-out clears the stored session from session and local storage": all of
 * sessionStorage, and every localStorage key but the device's settings.
 */
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
