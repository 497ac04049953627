import { STORAGE_KEYS } from '@/device/names'
import { readStored, writeStored } from '@/device/web-storage'

// The last balance the server gave this device for the signed-in user, so that
// offline the top bar can still say what it was (docs/decisions/0117). Kept in
// local storage under the user's uid; sign-out clears it with the rest of the
// stored session (src/device/forget.ts).

interface StoredBalance {
  uid: string
  credits: number
}

function isStoredBalance(value: unknown): value is StoredBalance {
  if (typeof value !== 'object' || value === null) return false
  return 'uid' in value && typeof value.uid === 'string' && 'credits' in value && typeof value.credits === 'number' && Number.isFinite(value.credits)
}

/** Refused storage: offline, the bar says the balance is unavailable, as before. */
export function rememberBalance(uid: string, credits: number): void {
  writeStored(STORAGE_KEYS.lastBalance, JSON.stringify({ uid, credits } satisfies StoredBalance))
}

/** The balance last fetched for `uid` on this device, or null (another user's is never answered). */
export function lastKnownBalance(uid: string): number | null {
  const raw = readStored(STORAGE_KEYS.lastBalance)
  if (raw === null) return null
  try {
    const stored: unknown = JSON.parse(raw)
    return isStoredBalance(stored) && stored.uid === uid ? stored.credits : null
  } catch {
    return null
  }
}
