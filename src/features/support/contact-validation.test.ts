import { describe, expect, it } from 'vitest'
import { isValidEmail, validateContact, type ContactValues } from './contact-validation'

const filled: ContactValues = { name: '', email: 'ada@example.com', subject: '', message: 'Hello' }

describe('isValidEmail (spec §5: non-space text, @, a domain and a dot)', () => {
  it.each(['ada@example.com', 'a.b+c@mail.example.de', ' ada@example.com '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })

  it.each(['', 'ada', 'ada@example', '@example.com', 'ada@.', 'ada @example.com', 'ada@exa mple.com'])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false)
  })
})

describe('validateContact (spec §5 Contact)', () => {
  it('accepts a message with a valid email, without name or subject', () => {
    expect(validateContact(filled, true)).toEqual({})
  })

  it('requires the message, also when it is only spaces', () => {
    expect(validateContact({ ...filled, message: '  \n ' }, true)).toEqual({ message: 'message_required' })
  })

  it('requires an email from signed-out visitors', () => {
    expect(validateContact({ ...filled, email: ' ' }, true)).toEqual({ email: 'email_required' })
  })

  it('refuses a malformed email from signed-out visitors', () => {
    expect(validateContact({ ...filled, email: 'ada@example' }, true)).toEqual({ email: 'invalid_email' })
  })

  it('does not ask signed-in users for an email (their account email is sent)', () => {
    expect(validateContact({ ...filled, email: '' }, false)).toEqual({})
  })

  it('reports every problem at once', () => {
    expect(validateContact({ name: '', email: 'x', subject: '', message: '' }, true)).toEqual({
      email: 'invalid_email',
      message: 'message_required',
    })
  })
})
