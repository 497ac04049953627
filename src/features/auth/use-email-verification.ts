import { useEffect } from 'react'
import { identityCalls } from './auth-actions'
import { type AuthFailure, authFailureOf } from './auth-failures'

// A code can be applied once: a second call (React's development double effect,
// a re-render) would report it as used. Each code's call is shared.
const verifications = new Map<string, Promise<string | null>>()

function verifyOnce(oobCode: string): Promise<string | null> {
  let verification = verifications.get(oobCode)
  if (!verification) {
    verification = identityCalls().then((calls) => calls.verifyEmail(oobCode))
    verifications.set(oobCode, verification)
  }
  return verification
}

/** What a verification link achieved: the verified address (when known), or why it failed. */
export type VerificationResult = { verified: true; email: string | null } | { verified: false; failure: AuthFailure }

/** Applies an emailed verification link's code (`/auth?mode=verifyEmail&oobCode=...`). */
export function useEmailVerification(oobCode: string | null, onResult: (result: VerificationResult) => void): void {
  useEffect(() => {
    if (oobCode === null) return
    let current = true
    verifyOnce(oobCode).then(
      (email) => current && onResult({ verified: true, email }),
      (error: unknown) => current && onResult({ verified: false, failure: authFailureOf(error, 'verifyEmail') }),
    )
    return () => {
      current = false
    }
    // The callback is the page's; only a new code starts a new verification.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [oobCode])
}
