import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { Field } from '@/ui/field'
import { identityCalls } from './auth-actions'
import { FAILURE_MESSAGES, VALIDATION_MESSAGES } from './auth-messages'
import { signInProblems } from './auth-validation'
import { FailureMessage, SuccessMessage } from './form-feedback'
import { useAuthTask } from './use-auth-task'

interface SignInFormProps {
  /** The email the form starts with (the address an emailed verification link verified). */
  initialEmail?: string
  /** Leaves for the forgot-password view with what the user typed as email. */
  onForgotPassword(email: string): void
}

/**
 * spec §2 Auth page, sign-in mode: email and password (no strength check, spec §5);
 * an unverified account is refused with 'Please verify your email address' and
 * may ask for the email again; success goes to /ugc-actor.
 */
export function SignInForm({ initialEmail = '', onForgotPassword }: SignInFormProps) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const signIn = useAuthTask()
  const resend = useAuthTask()
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [checked, setChecked] = useState(false)
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null)
  const [resentTo, setResentTo] = useState<string | null>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const problems = signInProblems({ email, password })
  const shown = checked ? problems : { email: null, password: null }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setChecked(true)
    setUnverifiedEmail(null)
    setResentTo(null)
    if (problems.email || problems.password) {
      const firstInvalid = problems.email ? emailRef : passwordRef
      firstInvalid.current?.focus()
      return
    }
    const result = await signIn.run('signIn', async () => (await identityCalls()).signInWithPassword(email.trim(), password))
    if (!result.done) return
    // spec §2: "After sign-in succeeds, goes to /ugc-actor".
    if (result.value.kind === 'signed-in') await navigate({ to: '/ugc-actor' })
    else setUnverifiedEmail(result.value.email)
  }

  const onResend = async () => {
    const to = unverifiedEmail
    if (to === null) return
    const result = await resend.run('resendVerification', async () => (await identityCalls()).resendVerification(to, password))
    if (result.done) setResentTo(to)
  }

  const failureText = signIn.failure ? i18n._(FAILURE_MESSAGES[signIn.failure]) : unverifiedEmail ? t`Please verify your email address` : null
  return (
    <form className="auth__form" noValidate onSubmit={onSubmit}>
      <Field label={<Trans>Email</Trans>} error={shown.email && i18n._(VALIDATION_MESSAGES[shown.email])}>
        {(control) => <input {...control} ref={emailRef} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Field label={<Trans>Password</Trans>} error={shown.password && i18n._(VALIDATION_MESSAGES[shown.password])}>
        {(control) => (
          <input
            {...control}
            ref={passwordRef}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <button type="button" className="auth__link-button auth__forgot" onClick={() => onForgotPassword(email)}>
        <Trans>Forgot password?</Trans>
      </button>
      <button type="submit" className="btn btn--primary auth__wide" disabled={signIn.busy} aria-busy={signIn.busy || undefined}>
        {signIn.busy && <span className="spinner" aria-hidden="true" />}
        <Trans>Sign in</Trans>
      </button>
      <FailureMessage text={failureText}>
        {unverifiedEmail && resentTo === null && (
          <button type="button" className="auth__link-button" onClick={onResend} disabled={resend.busy}>
            <Trans>Resend verification email</Trans>
          </button>
        )}
        {resend.failure && <p className="field-error">{i18n._(FAILURE_MESSAGES[resend.failure])}</p>}
      </FailureMessage>
      {resentTo && (
        <SuccessMessage>
          <Trans>We sent a new verification email to {resentTo}.</Trans>
        </SuccessMessage>
      )}
    </form>
  )
}
