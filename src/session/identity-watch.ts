import { onAuthStateChanged, signOut, type User } from 'firebase/auth'
import { getIdentity } from './identity'
import type { SessionUser } from './session'

// The identity service as the session provider sees it. Loaded lazily with the
// Firebase SDK (identity.ts).

/**
 * spec §4: "Sign-in is refused while the email is unverified": an account that
 * has not verified its email is not a session, even if the SDK holds it
 * (it does, briefly, right after sign-up).
 */
export function toSessionUser(user: User | null): SessionUser | null {
  if (user === null || user.email === null || !user.emailVerified) return null
  return { uid: user.uid, email: user.email.toLowerCase(), displayName: user.displayName }
}

export function watchIdentity(onChange: (user: SessionUser | null) => void): () => void {
  return onAuthStateChanged(getIdentity(), (user) => onChange(toSessionUser(user)))
}

export async function currentIdToken(forceRefresh: boolean): Promise<string | null> {
  const user = getIdentity().currentUser
  return user ? user.getIdToken(forceRefresh) : null
}

export function signOutIdentity(): Promise<void> {
  return signOut(getIdentity())
}
