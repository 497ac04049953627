import {
  type ActionCodeSettings,
  applyActionCode,
  checkActionCode,
  browserPopupRedirectResolver,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth'
import { getIdentity } from '@/session/identity'
import { FALLBACK_NAME, saveUserRecord } from '@/session/user-record'

// The auth card's calls to the identity service (spec §7 "Identity provider").
// Loaded only when the user acts (auth-actions.ts), so the Firebase SDK stays
// out of the pages that do not need it. The SDK's own network timeouts (30 s
// desktop, 60 s mobile) and popup size (500 × 600) are the spec's §9 numbers.

/** Emailed links come back to the auth card, which handles `mode` and `oobCode` (routes/auth.tsx). */
function backToAuthPage(): ActionCodeSettings {
  return { url: `${window.location.origin}/auth` }
}

export type SignInOutcome = { kind: 'signed-in' } | { kind: 'unverified'; email: string }

/** spec §5: "Sign-in requires a verified email": an unverified account is signed out again. */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const auth = getIdentity()
  const { user } = await signInWithEmailAndPassword(auth, email, password)
  if (user.emailVerified) return { kind: 'signed-in' }
  await signOut(auth)
  return { kind: 'unverified', email: user.email ?? email }
}

/** Sends the verification email again: the account has to sign in for it, then leaves (docs/decisions/0112). */
export async function resendVerification(email: string, password: string): Promise<void> {
  const auth = getIdentity()
  const { user } = await signInWithEmailAndPassword(auth, email, password)
  try {
    if (!user.emailVerified) await sendEmailVerification(user, backToAuthPage())
  } finally {
    await signOut(auth)
  }
}

/**
 * spec §4 Sign-up: creates the account, sets the display name, sends a
 * verification email and saves the user record; the user must verify and then
 * sign in, so the fresh (unverified) account is signed out again.
 */
export async function signUp(values: { name: string; email: string; password: string }): Promise<void> {
  const auth = getIdentity()
  const { user } = await createUserWithEmailAndPassword(auth, values.email, values.password)
  try {
    await updateProfile(user, { displayName: values.name })
    await sendEmailVerification(user, backToAuthPage())
    // The server accepts an unverified account's token for this one call (docs/api.md).
    // If it fails, the session saves the record at the first sign-in (session/user-record.ts).
    await saveUserRecord({ email: user.email ?? values.email, name: values.name }).catch(() => null)
  } finally {
    await signOut(auth)
  }
}

/** spec §2 Auth page: Google with the account-selection prompt; spec §4: the record is saved after it. */
export async function signInWithGoogle(): Promise<void> {
  const provider = new GoogleAuthProvider()
  provider.setCustomParameters({ prompt: 'select_account' })
  // The resolver is passed here so the identity instance need not load Google's popup helper at start-up.
  const { user } = await signInWithPopup(getIdentity(), provider, browserPopupRedirectResolver)
  if (user.email === null) return
  // spec §4: "Google fallback name 'Unknown User'". A failed save is retried by the session.
  await saveUserRecord({ email: user.email, name: user.displayName || FALLBACK_NAME }).catch(() => null)
}

export function sendResetLink(email: string): Promise<void> {
  return sendPasswordResetEmail(getIdentity(), email, backToAuthPage())
}

export function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  return confirmPasswordReset(getIdentity(), oobCode, newPassword)
}

/**
 * Applies an emailed verification code; answers the address it verified, so the sign-in
 * form can be filled in (null when the identity service does not say).
 */
export async function verifyEmail(oobCode: string): Promise<string | null> {
  const auth = getIdentity()
  // Read before applying: a used code no longer names its address. A failed read is the apply's to report.
  const email = await checkActionCode(auth, oobCode).then(
    (info) => info.data.email ?? null,
    () => null,
  )
  await applyActionCode(auth, oobCode)
  return email
}
