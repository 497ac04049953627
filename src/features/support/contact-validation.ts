// spec §5 Contact: message required; for signed-out visitors the email is
// required and must look like an email; name and subject are optional.

/** spec §5 email rule: non-space text, an at sign, a domain and a dot. */
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim())
}

export interface ContactValues {
  name: string
  email: string
  subject: string
  message: string
}

export type ContactErrorCode = 'email_required' | 'invalid_email' | 'message_required'

export interface ContactErrors {
  email?: ContactErrorCode
  message?: ContactErrorCode
}

/** `asksForIdentity`: the visitor is signed out, so name and email fields are shown (spec §6). */
export function validateContact(values: ContactValues, asksForIdentity: boolean): ContactErrors {
  const errors: ContactErrors = {}
  if (asksForIdentity) {
    if (!values.email.trim()) errors.email = 'email_required'
    else if (!isValidEmail(values.email)) errors.email = 'invalid_email'
  }
  if (!values.message.trim()) errors.message = 'message_required'
  return errors
}

export function hasErrors(errors: ContactErrors): boolean {
  return Object.keys(errors).length > 0
}
