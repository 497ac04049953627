import { Trans, useLingui } from '@lingui/react/macro'
import { type ChangeEvent, type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Field } from '@/ui/field'
import { identityCalls } from './auth-actions'
import { FAILURE_MESSAGES, VALIDATION_MESSAGES } from './auth-messages'
import { isSignUpValid, liveNameProblem, type SignUpProblems, signUpProblems, type SignUpValues } from './auth-validation'
import { FailureMessage, SuccessMessage } from './form-feedback'
import { useAuthTask } from './use-auth-task'

// The terms modal (a Radix dialog) is not on the sign-in screen the page first shows: it
// loads once this form is there, before the visitor can submit it (docs/decisions/0208).
const loadTermsModal = () => import('./terms-modal')
const TermsModal = lazy(() => loadTermsModal().then((module) => ({ default: module.TermsModal })))

const EMPTY: SignUpValues = { name: '', email: '', password: '' }
const NO_PROBLEMS: SignUpProblems = { name: null, email: null, password: [] }

/**
 * spec §2 Auth page, sign-up mode; spec §5 rules (name also live, five password
 * messages); spec §4 Sign-up: account, display name, verification email, user
 * record; success shows a verification notice containing the email.
 */
export function SignUpForm() {
  const { i18n } = useLingui()
  const task = useAuthTask()
  const [values, setValues] = useState(EMPTY)
  const [checked, setChecked] = useState(false)
  const [termsOpen, setTermsOpen] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const refs = { name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) }
  const problems = signUpProblems(values)
  useEffect(() => void loadTermsModal().catch(() => undefined), [])
  // Before the first submit only the name is checked, live (spec §5).
  const shown: SignUpProblems = checked ? problems : { ...NO_PROBLEMS, name: liveNameProblem(values.name) }

  const update = (field: keyof SignUpValues) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }))

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setChecked(true)
    if (isSignUpValid(problems)) {
      setTermsOpen(true)
      return
    }
    const firstInvalid = problems.name ? refs.name : problems.email ? refs.email : refs.password
    firstInvalid.current?.focus()
  }

  const onAgree = async () => {
    setTermsOpen(false)
    const account = { name: values.name.trim(), email: values.email.trim(), password: values.password }
    const result = await task.run('signUp', async () => (await identityCalls()).signUp(account))
    if (result.done) setSentTo(account.email)
  }

  if (sentTo !== null) {
    return (
      <SuccessMessage>
        <Trans>
          We sent a verification email to <strong>{sentTo}</strong>. Open the link in it, then sign in.
        </Trans>
      </SuccessMessage>
    )
  }

  const passwordErrors = shown.password.map((code) => (
    <span key={code} className="auth__rule">
      {i18n._(VALIDATION_MESSAGES[code])}
    </span>
  ))
  return (
    <form className="auth__form" noValidate onSubmit={onSubmit}>
      <Field label={<Trans>Name</Trans>} error={shown.name && i18n._(VALIDATION_MESSAGES[shown.name])}>
        {(control) => <input {...control} ref={refs.name} type="text" autoComplete="name" required value={values.name} onChange={update('name')} />}
      </Field>
      <Field label={<Trans>Email</Trans>} error={shown.email && i18n._(VALIDATION_MESSAGES[shown.email])}>
        {(control) => <input {...control} ref={refs.email} type="email" autoComplete="email" required value={values.email} onChange={update('email')} />}
      </Field>
      <Field label={<Trans>Password</Trans>} error={passwordErrors.length > 0 ? passwordErrors : undefined}>
        {(control) => (
          <input {...control} ref={refs.password} type="password" autoComplete="new-password" required value={values.password} onChange={update('password')} />
        )}
      </Field>
      <button type="submit" className="btn btn--primary auth__wide" disabled={task.busy} aria-busy={task.busy || undefined}>
        {task.busy && <span className="spinner" aria-hidden="true" />}
        <Trans>Sign up</Trans>
      </button>
      <FailureMessage text={task.failure && i18n._(FAILURE_MESSAGES[task.failure])} />
      <Suspense fallback={null}>
        <TermsModal open={termsOpen} onCancel={() => setTermsOpen(false)} onAgree={onAgree} />
      </Suspense>
    </form>
  )
}
