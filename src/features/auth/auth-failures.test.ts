import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { type AuthAction, type AuthFailure, authFailureOf } from './auth-failures'
import { FAILURE_MESSAGES } from './auth-messages'

const i18n = setupI18n()
i18n.loadAndActivate({ locale: 'en', messages: {} })

/** The English text the user reads for an identity-service error during `action`. */
function messageFor(code: string, action: AuthAction): string {
  return i18n._(FAILURE_MESSAGES[authFailureOf({ code, message: 'Firebase: Error' }, action)])
}

describe('spec §8 Auth messages for identity-service codes', () => {
  it.each<[string, AuthAction, string]>([
    ['auth/email-already-in-use', 'signUp', 'This email is already registered'],
    ['auth/weak-password', 'signUp', 'Password should be at least 6 characters'],
    ['auth/invalid-credential', 'signIn', 'Invalid email or password'],
    ['auth/wrong-password', 'signIn', 'Invalid email or password'],
    ['auth/user-not-found', 'signIn', 'No account found with this email'],
    ['auth/popup-blocked', 'google', 'Please allow popups for this website to sign in with Google'],
    ['auth/popup-closed-by-user', 'google', 'Sign in cancelled. Please try again'],
    ['auth/cancelled-popup-request', 'google', 'Sign in cancelled. Please try again'],
    ['auth/unauthorized-domain', 'google', 'This domain is not authorized for Google sign in'],
    ['auth/user-not-found', 'sendResetLink', 'No account found with this email'],
    ['auth/invalid-email', 'sendResetLink', 'Invalid email format'],
    ['auth/expired-action-code', 'resetPassword', 'The reset link has expired. Please request a new one.'],
    ['auth/invalid-action-code', 'resetPassword', 'Invalid or malformed reset code.'],
    ['auth/weak-password', 'resetPassword', 'Password should be at least 6 characters'],
  ])('%s during %s reads %j', (code, action, text) => {
    expect(messageFor(code, action)).toBe(text)
  })

  it('reports network failures (and the SDK timeout) the same way for every action', () => {
    for (const action of ['signIn', 'signUp', 'google', 'sendResetLink', 'resetPassword'] as const) {
      expect(authFailureOf({ code: 'auth/network-request-failed' }, action)).toBe('network')
    }
    expect(authFailureOf({ code: 'auth/timeout' }, 'signIn')).toBe('network')
  })

  it.each<[AuthAction, string]>([
    ['signIn', 'Authentication failed'],
    ['signUp', 'Failed to sign up'],
    ['google', 'Failed to sign in with Google'],
    ['sendResetLink', 'Failed to send link'],
    ['resetPassword', 'Failed to reset password'],
  ])('falls back for an unlisted code during %s to %j', (action, text) => {
    expect(messageFor('auth/internal-error', action)).toBe(text)
  })

  it('a code means what it means for the action: popup codes are not sign-in failures', () => {
    expect(authFailureOf({ code: 'auth/popup-blocked' }, 'signIn')).toBe('sign-in-failed')
    expect(authFailureOf({ code: 'auth/expired-action-code' }, 'verifyEmail')).toBe('verify-link-expired')
  })

  it.each([new Error('boom'), 'boom', null, undefined, { code: 42 }])('anything without a code is an unknown error (%j)', (error) => {
    expect(authFailureOf(error, 'signIn')).toBe('unknown')
    expect(i18n._(FAILURE_MESSAGES.unknown)).toBe('An unknown error occurred')
  })

  it('every failure has a message', () => {
    const failures = Object.keys(FAILURE_MESSAGES) as AuthFailure[]
    for (const failure of failures) expect(i18n._(FAILURE_MESSAGES[failure])).not.toBe('')
  })
})
