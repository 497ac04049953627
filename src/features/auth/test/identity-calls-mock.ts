import { vi } from 'vitest'
import type * as IdentityCalls from '../identity-calls'

// Stand-ins for the identity calls (identity-calls.ts) in component tests:
// vi.mock('./auth-actions', () => import('./test/identity-calls-mock')).

type Calls = typeof IdentityCalls

export const calls = {
  signInWithPassword: vi.fn<Calls['signInWithPassword']>(),
  resendVerification: vi.fn<Calls['resendVerification']>(),
  signUp: vi.fn<Calls['signUp']>(),
  signInWithGoogle: vi.fn<Calls['signInWithGoogle']>(),
  sendResetLink: vi.fn<Calls['sendResetLink']>(),
  resetPassword: vi.fn<Calls['resetPassword']>(),
  verifyEmail: vi.fn<Calls['verifyEmail']>(),
} satisfies Calls

export async function identityCalls(): Promise<Calls> {
  return calls
}

/** Every call succeeds unless a test says otherwise. */
export function resetCalls(): void {
  calls.signInWithPassword.mockReset().mockResolvedValue({ kind: 'signed-in' })
  for (const call of [calls.resendVerification, calls.signUp, calls.signInWithGoogle, calls.sendResetLink, calls.resetPassword]) {
    call.mockReset().mockResolvedValue(undefined)
  }
  calls.verifyEmail.mockReset().mockResolvedValue(null)
  // The router scrolls to top on navigation (spec §2); jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
}

export const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code })
