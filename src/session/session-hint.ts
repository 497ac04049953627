// A note on this device that someone is signed in here: the uid of the last
// session, written when the identity service reports a user and removed when it
// reports none (sign-out clears it with the rest of the stored session). It lets a
// screen start in the state it will most likely end in: a visitor without it is
// shown the signed-out screen at once, without waiting for the identity SDK, so
// nothing moves when the session resolves; and the landing loads the identity SDK
// only for someone it can show something to (docs/decisions/0203).

export const SESSION_HINT_KEY = 'actorly.signedIn'

export function readSessionHint(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(SESSION_HINT_KEY)
  } catch {
    return null
  }
}

export function rememberSessionHint(uid: string): void {
  try {
    localStorage.setItem(SESSION_HINT_KEY, uid)
  } catch {
    // Storage refused: screens start as loading, as before.
  }
}

export function forgetSessionHint(): void {
  try {
    localStorage.removeItem(SESSION_HINT_KEY)
  } catch {
    // Nothing stored, nothing to forget.
  }
}
