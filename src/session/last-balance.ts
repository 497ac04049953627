// The last balance the server gave this device for the signed-in user, so that
// offline the top bar can still say what it was (docs/decisions/0117). Kept in
// local storage under the user's uid; sign-out clears it with the rest of the
// stored session (stored-session.ts).

export const LAST_BALANCE_KEY = 'actorly.lastBalance'

interface StoredBalance {
  uid: string
  credits: number
}

function isStoredBalance(value: unknown): value is StoredBalance {
  if (typeof value !== 'object' || value === null) return false
  return 'uid' in value && typeof value.uid === 'string' && 'credits' in value && typeof value.credits === 'number' && Number.isFinite(value.credits)
}

export function rememberBalance(uid: string, credits: number): void {
  try {
    localStorage.setItem(LAST_BALANCE_KEY, JSON.stringify({ uid, credits } satisfies StoredBalance))
  } catch {
    // Storage refused: offline, the bar says the balance is unavailable, as before.
  }
}

/** The balance last fetched for `uid` on this device, or null (another user's is never answered). */
export function lastKnownBalance(uid: string): number | null {
  try {
    const raw = localStorage.getItem(LAST_BALANCE_KEY)
    if (raw === null) return null
    const stored: unknown = JSON.parse(raw)
    return isStoredBalance(stored) && stored.uid === uid ? stored.credits : null
  } catch {
    return null
  }
}
