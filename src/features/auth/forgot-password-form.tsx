import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useRef, useState } from 'react'
import { isDemoAccount } from '@/jobs/job-config'
import { Field } from '@/ui/field'
import { identityCalls } from './auth-actions'
import { FAILURE_MESSAGES, VALIDATION_MESSAGES } from './auth-messages'
import { emailProblem } from './auth-validation'
import { FailureMessage, SuccessMessage } from './form-feedback'
import { useAuthTask } from './use-auth-task'

/** spec §2 Auth page, forgot-password view; spec §8 Reset messages. */
export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const { i18n, t } = useLingui()
  const task = useAuthTask()
  const [email, setEmail] = useState(initialEmail)
  const [checked, setChecked] = useState(false)
  const [sent, setSent] = useState(false)
  // The shared demo account's password stays as published (docs/decisions/0271): no reset link is sent for it.
  const [demoRefused, setDemoRefused] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  const problem = emailProblem(email)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setChecked(true)
    setSent(false)
    setDemoRefused(false)
    if (problem) {
      emailRef.current?.focus()
      return
    }
    if (isDemoAccount(email.trim())) {
      setDemoRefused(true)
      return
    }
    const result = await task.run('sendResetLink', async () => (await identityCalls()).sendResetLink(email.trim()))
    setSent(result.done)
  }

  return (
    <form className="auth__form" noValidate onSubmit={onSubmit}>
      <p className="hint">
        <Trans>Enter your account's email address and we will send you a link to reset your password.</Trans>
      </p>
      <Field label={<Trans>Email</Trans>} error={checked && problem ? i18n._(VALIDATION_MESSAGES[problem]) : undefined}>
        {(control) => <input {...control} ref={emailRef} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <button type="submit" className="btn btn--primary auth__wide" disabled={task.busy} aria-busy={task.busy || undefined}>
        {task.busy && <span className="spinner" aria-hidden="true" />}
        <Trans>Send reset link</Trans>
      </button>
      <FailureMessage
        text={
          demoRefused
            ? t`The demo account is shared by everyone who tries Actorly, so its password cannot be changed.`
            : task.failure && i18n._(FAILURE_MESSAGES[task.failure])
        }
      />
      {sent && (
        <SuccessMessage>
          <Trans>Password reset email sent. Check your inbox.</Trans>
        </SuccessMessage>
      )}
    </form>
  )
}
