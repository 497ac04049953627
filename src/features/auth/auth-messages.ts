import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AuthFailure } from './auth-failures'
import type { EmailProblem, NameProblem, PasswordProblem, SignInPasswordProblem } from './auth-validation'

// The words of the auth card's problems, written once. English is the spec's
// wording where it gives one (§5, §8); the rest is ours.

export const VALIDATION_MESSAGES: Record<EmailProblem | NameProblem | PasswordProblem | SignInPasswordProblem, MessageDescriptor> = {
  invalid_email: msg`Please enter a valid email address.`,
  name_requred: msg`Name is a required field.`,
  name_not_num: msg`Name cannot contain numbers or special characters.`,
  password_error1: msg`Password must be at least 8 characters long.`,
  password_error2: msg`Password must contain at least one uppercase letter.`,
  password_error3: msg`Password must contain at least one lowercase letter.`,
  password_error4: msg`Password must contain at least one number.`,
  password_error5: msg`Password must contain at least one special character (@$!%*?&).`,
  password_required: msg`Please enter your password.`,
}

export const FAILURE_MESSAGES: Record<AuthFailure, MessageDescriptor> = {
  'invalid-credentials': msg`Invalid email or password`,
  'account-not-found': msg`No account found with this email`,
  'email-taken': msg`This email is already registered`,
  'invalid-email': msg`Invalid email format`,
  // spec §5: the service's own minimum (6) differs from the form's (8); the spec keeps both.
  'weak-password': msg`Password should be at least 6 characters`,
  'popup-blocked': msg`Please allow popups for this website to sign in with Google`,
  'popup-closed': msg`Sign in cancelled. Please try again`,
  'unauthorized-domain': msg`This domain is not authorized for Google sign in`,
  'other-sign-in-method': msg`An account with this email already exists. Sign in with your email and password.`,
  'reset-link-expired': msg`The reset link has expired. Please request a new one.`,
  'reset-link-invalid': msg`Invalid or malformed reset code.`,
  'verify-link-expired': msg`The verification link has expired. Sign in to get a new one.`,
  'verify-link-invalid': msg`This verification link is invalid or has already been used.`,
  'account-disabled': msg`This account has been disabled.`,
  'too-many-attempts': msg`Too many attempts. Please wait a moment and try again.`,
  network: msg`Network error. Please check your connection and try again.`,
  'sign-in-failed': msg`Authentication failed`,
  'sign-up-failed': msg`Failed to sign up`,
  'google-failed': msg`Failed to sign in with Google`,
  'send-link-failed': msg`Failed to send link`,
  'reset-failed': msg`Failed to reset password`,
  'verify-failed': msg`Failed to verify your email address`,
  unknown: msg`An unknown error occurred`,
}
