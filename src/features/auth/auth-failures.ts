// spec §8 Auth: every failure the identity service can report, as one kind per
// message the user can meet. Pure (no Firebase import): the identity SDK's errors
// are recognised by their `code` ("auth/..."), which is its stable contract.

/** What the user was doing: it picks the message for shared codes and the fallback. */
export type AuthAction = 'signIn' | 'signUp' | 'google' | 'sendResetLink' | 'resendVerification' | 'resetPassword' | 'verifyEmail'

export type AuthFailure =
  | 'invalid-credentials'
  | 'account-not-found'
  | 'email-taken'
  | 'invalid-email'
  | 'weak-password'
  | 'popup-blocked'
  | 'popup-closed'
  | 'unauthorized-domain'
  | 'other-sign-in-method'
  | 'reset-link-expired'
  | 'reset-link-invalid'
  | 'verify-link-expired'
  | 'verify-link-invalid'
  | 'account-disabled'
  | 'too-many-attempts'
  | 'network'
  | 'sign-in-failed'
  | 'sign-up-failed'
  | 'google-failed'
  | 'send-link-failed'
  | 'reset-failed'
  | 'verify-failed'
  | 'unknown'

/** Codes that mean the same for every action. */
const SHARED: Record<string, AuthFailure> = {
  // The SDK times out after 30 s on desktop, 60 s on mobile (spec §9) and reports it as a network failure.
  'auth/network-request-failed': 'network',
  'auth/timeout': 'network',
  'auth/too-many-requests': 'too-many-attempts',
  'auth/user-disabled': 'account-disabled',
  'auth/invalid-email': 'invalid-email',
  'auth/missing-email': 'invalid-email',
}

const BY_ACTION: Record<AuthAction, Record<string, AuthFailure>> = {
  signIn: {
    'auth/invalid-credential': 'invalid-credentials',
    'auth/invalid-login-credentials': 'invalid-credentials',
    'auth/wrong-password': 'invalid-credentials',
    'auth/missing-password': 'invalid-credentials',
    'auth/user-not-found': 'account-not-found',
  },
  resendVerification: {
    'auth/invalid-credential': 'invalid-credentials',
    'auth/wrong-password': 'invalid-credentials',
    'auth/user-not-found': 'account-not-found',
  },
  signUp: {
    'auth/email-already-in-use': 'email-taken',
    'auth/weak-password': 'weak-password',
  },
  google: {
    'auth/popup-blocked': 'popup-blocked',
    'auth/popup-closed-by-user': 'popup-closed',
    'auth/cancelled-popup-request': 'popup-closed',
    'auth/user-cancelled': 'popup-closed',
    'auth/unauthorized-domain': 'unauthorized-domain',
    'auth/account-exists-with-different-credential': 'other-sign-in-method',
  },
  sendResetLink: {
    'auth/user-not-found': 'account-not-found',
  },
  resetPassword: {
    'auth/expired-action-code': 'reset-link-expired',
    'auth/invalid-action-code': 'reset-link-invalid',
    'auth/user-not-found': 'account-not-found',
    'auth/weak-password': 'weak-password',
  },
  verifyEmail: {
    'auth/expired-action-code': 'verify-link-expired',
    'auth/invalid-action-code': 'verify-link-invalid',
  },
}

/** spec §8 fallbacks: auth_fail, failed_google_signin, fail_send_link, ... */
const FALLBACK: Record<AuthAction, AuthFailure> = {
  signIn: 'sign-in-failed',
  signUp: 'sign-up-failed',
  google: 'google-failed',
  sendResetLink: 'send-link-failed',
  resendVerification: 'send-link-failed',
  resetPassword: 'reset-failed',
  verifyEmail: 'verify-failed',
}

/** The identity service's error code, if `error` carries one. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null
  return typeof error.code === 'string' ? error.code : null
}

export function authFailureOf(error: unknown, action: AuthAction): AuthFailure {
  const code = authErrorCode(error)
  // Not an identity-service error at all (e.g. the SDK chunk failed to load).
  if (code === null) return 'unknown'
  return BY_ACTION[action][code] ?? SHARED[code] ?? FALLBACK[action]
}
