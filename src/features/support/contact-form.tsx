import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { SUPPORT_REPLY_HOURS } from '@contract/constants'
import { useApiErrorText } from '@/api/api-error-text'
import { isSignedIn, type SessionUser, useSession } from '@/session/session'
import type { SupportOutcome } from './api/post-support-form'
import { type ContactPayload, sendContactMessage } from './api/send-contact-message'
import { type ContactErrorCode, type ContactValues, hasErrors, validateContact } from './contact-validation'
import { FormField } from './form-field'
import { Honeypot } from './honeypot'
import { SubmissionFeedback } from './submission-feedback'
import { useSupportSubmission } from './use-support-submission'

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' }

/** spec §6: signed-in users send their account's uid, name and email instead of typing them. */
function contactPayload(values: ContactValues, user: SessionUser | null, honeypot: string): ContactPayload {
  return {
    userId: user?.uid ?? null,
    userName: user ? (user.displayName ?? '') : values.name.trim(),
    email: user ? user.email : values.email.trim(),
    type: 'contact',
    subject: values.subject.trim(),
    message: values.message.trim(),
    ...(honeypot ? { website: honeypot } : {}),
  }
}

/** The contact message form (spec §2 Contact, §5 validation, §8 outcomes). */
export function ContactForm() {
  const { t } = useLingui()
  const apiErrorText = useApiErrorText()
  const session = useSession()
  const user = isSignedIn(session) ? session.user : null
  const accountEmail = user?.email ?? null
  const [values, setValues] = useState(EMPTY)
  const [honeypot, setHoneypot] = useState('')
  const [errors, setErrors] = useState<{ email?: ContactErrorCode; message?: ContactErrorCode }>({})
  const [checked, setChecked] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  const messageRef = useRef<HTMLTextAreaElement>(null)
  const { state, submit, busy } = useSupportSubmission(sendContactMessage)

  const errorText = (code: ContactErrorCode | undefined): string | undefined => {
    if (code === 'email_required') return t`Please enter your email address.`
    if (code === 'invalid_email') return t`Please enter a valid email address.`
    if (code === 'message_required') return t`Please enter your message.`
    return undefined
  }

  // spec §8 Contact. Colour follows the outcome (decision 0030).
  const describe = (outcome: SupportOutcome): string => {
    switch (outcome.kind) {
      case 'sent':
        return t`Your message was sent successfully. We will reply within ${SUPPORT_REPLY_HOURS} hours.`
      case 'refused': {
        // spec §8 "fail message plus the server message": the server's reason, in the user's language.
        const reason = outcome.code === null || outcome.code === 'internal_error' ? null : apiErrorText[outcome.code]
        return reason === null ? t`Failed to send the message. Please try again.` : t`Failed to send the message: ${reason}`
      }
      case 'rate-limited':
        return t`Too many messages were sent from here. Please wait a few minutes and try again.`
      case 'offline':
        return t`You are offline. Your message is still here; send it again once you are back online.`
      case 'failed':
        return t`An error occurred. Please try again later.`
    }
  }

  const update = (field: keyof ContactValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value }
    setValues(next)
    // After the first attempt, errors clear (or change) as the user types.
    if (checked) setErrors(validateContact(next, user === null))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = validateContact(values, user === null)
    setErrors(found)
    setChecked(true)
    if (hasErrors(found)) {
      const firstInvalid = found.email ? emailRef.current : messageRef.current
      firstInvalid?.focus()
      return
    }
    const outcome = await submit(contactPayload(values, user, honeypot))
    // A failure keeps what the user typed (docs/quality.md); success clears the form (spec §4).
    if (outcome?.kind === 'sent') {
      setValues(EMPTY)
      setChecked(false)
    }
  }

  return (
    <form className="card support-form" noValidate aria-labelledby="contact-form-title" onSubmit={onSubmit}>
      <h2 id="contact-form-title">
        <Trans>Send us a message</Trans>
      </h2>
      {accountEmail !== null ? (
        <p className="hint support-identity">
          <Trans>
            You are signed in as <strong>{accountEmail}</strong>. We will reply to this address.
          </Trans>
        </p>
      ) : (
        <div className="support-form__row">
          <FormField id="contact-name" label={<Trans>Name (optional)</Trans>}>
            {(control) => <input {...control} type="text" autoComplete="name" value={values.name} onChange={update('name')} />}
          </FormField>
          <FormField id="contact-email" label={<Trans>Email</Trans>} error={errorText(errors.email)}>
            {(control) => <input {...control} ref={emailRef} type="email" autoComplete="email" required value={values.email} onChange={update('email')} />}
          </FormField>
        </div>
      )}
      <FormField id="contact-subject" label={<Trans>Subject (optional)</Trans>}>
        {(control) => <input {...control} type="text" value={values.subject} onChange={update('subject')} />}
      </FormField>
      <FormField id="contact-message" label={<Trans>Message</Trans>} error={errorText(errors.message)}>
        {(control) => <textarea {...control} ref={messageRef} rows={4} required value={values.message} onChange={update('message')} />}
      </FormField>
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <button type="submit" className="btn btn--primary support-submit" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? <Trans>Sending...</Trans> : <Trans>Send message</Trans>}
      </button>
      <SubmissionFeedback state={state} describe={describe} />
      <p className="hint support-terms-note">
        <Trans>
          By sending a message you agree to our <Link to="/terms">Terms of Service</Link>.
        </Trans>
      </p>
    </form>
  )
}
