import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import './auth-page.css'

// Layout of the one auth card (spec §2: sign in / sign up / forgot password, links to
// /terms and /privacy); the accounts issue fills in the forms.
export function AuthPage() {
  const { t } = useLingui()
  return (
    <main className="page page--bare container auth">
      <section className="card auth__card" aria-labelledby="auth-title">
        <Link to="/" className="auth__brand">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <span>Actorly</span>
        </Link>
        <h1 id="auth-title">{t`Sign in`}</h1>
        <p className="hint auth__legal">
          <Trans>
            By continuing you accept our <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy policy</Link>.
          </Trans>
        </p>
      </section>
    </main>
  )
}
