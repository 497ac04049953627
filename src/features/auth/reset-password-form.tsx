import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useRef, useState } from 'react'
import { Field } from '@/ui/field'
import { identityCalls } from './auth-actions'
import { FAILURE_MESSAGES, VALIDATION_MESSAGES } from './auth-messages'
import { passwordProblems } from './auth-validation'
import { FailureMessage } from './form-feedback'
import { useAuthTask } from './use-auth-task'

interface ResetPasswordFormProps {
  oobCode: string
  /** The password was changed: back to sign-in with the success message. */
  onReset(): void
}

/**
 * The emailed reset link's page (spec §4 "Password reset by emailed link with
 * code"). A new password follows the sign-up rules (spec §5; docs/decisions/0110).
 */
export function ResetPasswordForm({ oobCode, onReset }: ResetPasswordFormProps) {
  const { i18n } = useLingui()
  const task = useAuthTask()
  const [password, setPassword] = useState('')
  const [checked, setChecked] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)
  const problems = passwordProblems(password)
  const shown = checked ? problems : []

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setChecked(true)
    if (problems.length > 0) {
      passwordRef.current?.focus()
      return
    }
    const result = await task.run('resetPassword', async () => (await identityCalls()).resetPassword(oobCode, password))
    if (result.done) onReset()
  }

  const errors = shown.map((code) => (
    <span key={code} className="auth__rule">
      {i18n._(VALIDATION_MESSAGES[code])}
    </span>
  ))
  return (
    <form className="auth__form" noValidate onSubmit={onSubmit}>
      <Field label={<Trans>New password</Trans>} error={errors.length > 0 ? errors : undefined}>
        {(control) => (
          <input
            {...control}
            ref={passwordRef}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="btn btn--primary auth__wide" disabled={task.busy} aria-busy={task.busy || undefined}>
        {task.busy && <span className="spinner" aria-hidden="true" />}
        <Trans>Reset password</Trans>
      </button>
      <FailureMessage text={task.failure && i18n._(FAILURE_MESSAGES[task.failure])} />
    </form>
  )
}
