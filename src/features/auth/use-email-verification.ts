import { useEffect } from 'react'
import { identityCalls } from './auth-actions'
import { type AuthFailure, authFailureOf } from './auth-failures'

// A code can be applied once: a second call (React's development double effect,
// a re-render) would report it as used. Each code's call is shared.
const verifications = new Map<string, Promise<void>>()

function verifyOnce(oobCode: string): Promise<void> {
  let verification = verifications.get(oobCode)
  if (!verification) {
    verification = identityCalls().then((calls) => calls.verifyEmail(oobCode))
    verifications.set(oobCode, verification)
  }
  return verification
}

/** Applies an emailed verification link's code (`/auth?mode=verifyEmail&oobCode=...`). */
export function useEmailVerification(oobCode: string | null, onResult: (failure: AuthFailure | null) => void): void {
  useEffect(() => {
    if (oobCode === null) return
    let current = true
    verifyOnce(oobCode).then(
      () => current && onResult(null),
      (error: unknown) => current && onResult(authFailureOf(error, 'verifyEmail')),
    )
    return () => {
      current = false
    }
    // The callback is the page's; only a new code starts a new verification.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [oobCode])
}
