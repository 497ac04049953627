import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { identityCalls } from './auth-actions'
import { FAILURE_MESSAGES } from './auth-messages'
import { FailureMessage } from './form-feedback'
import { useAuthTask } from './use-auth-task'

/** spec §2 Auth page: "Sign-in ... by Google (account-selection prompt)"; spec §4: then /ugc-actor. */
export function GoogleSignIn() {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const { busy, failure, run } = useAuthTask()

  const onClick = async () => {
    const result = await run('google', async () => (await identityCalls()).signInWithGoogle())
    if (result.done) await navigate({ to: '/ugc-actor' })
  }

  return (
    <div className="auth__google">
      <button type="button" className="btn auth__wide" onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className="spinner" aria-hidden="true" /> : <GoogleMark />}
        <Trans>Sign in with Google</Trans>
      </button>
      <FailureMessage text={failure && i18n._(FAILURE_MESSAGES[failure])} />
    </div>
  )
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.8-5.5 3.8-3.3 0-6-2.7-6-6.1S8.7 5.7 12 5.7c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.2 14.6 2.2 12 2.2 6.6 2.2 2.2 6.6 2.2 12s4.4 9.8 9.8 9.8c5.7 0 9.4-4 9.4-9.6 0-.6-.1-1.1-.2-1.6H12z"
      />
    </svg>
  )
}
