import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { AuthFailure } from './auth-failures'
import { FAILURE_MESSAGES } from './auth-messages'
import type { EmailedLink } from './auth-search'
import { ForgotPasswordForm } from './forgot-password-form'
import { FailureMessage, SuccessMessage } from './form-feedback'
import { GoogleSignIn } from './google-sign-in'
import { ResetPasswordForm } from './reset-password-form'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'
import { useEmailVerification } from './use-email-verification'
import './auth-page.css'

type View = 'signin' | 'signup' | 'forgot'
type Notice = { kind: 'email-verified'; email: string | null } | { kind: 'password-reset' } | { kind: 'failure'; failure: AuthFailure }

interface AuthPageProps {
  /** An emailed link to act on (reset password, verify email), or null. */
  link: EmailedLink | null
  /** The link was used: the address goes back to the plain /auth. */
  onLinkHandled(): void
}

/**
 * spec §2 Auth page: sign in / sign up / forgot password in one card, with links
 * to /terms and /privacy. "Modes signin and signup toggled by a link; a
 * forgot-password view left by 'return to sign in'."
 */
export function AuthPage({ link, onLinkHandled }: AuthPageProps) {
  const { t, i18n } = useLingui()
  const [view, setView] = useState<View>('signin')
  const [notice, setNotice] = useState<Notice | null>(null)
  const [forgotEmail, setForgotEmail] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  const shownView = link?.mode ?? view

  // A new view moves focus to its heading, so keyboard and screen-reader users land on it.
  const lastView = useRef(shownView)
  useEffect(() => {
    if (lastView.current === shownView) return
    lastView.current = shownView
    heading.current?.focus()
  }, [shownView])

  const go = (next: View) => {
    setNotice(null)
    setView(next)
  }
  /** Back to the plain sign-in card, with what the link achieved. */
  const leaveLink = (outcome: Notice | null) => {
    setNotice(outcome)
    setView('signin')
    onLinkHandled()
  }

  useEmailVerification(link?.mode === 'verifyEmail' ? link.oobCode : null, (result) =>
    leaveLink(result.verified ? { kind: 'email-verified', email: result.email } : { kind: 'failure', failure: result.failure }),
  )

  const titles: Record<typeof shownView, string> = {
    signin: t`Sign in`,
    signup: t`Create your account`,
    forgot: t`Reset your password`,
    resetPassword: t`Set a new password`,
    verifyEmail: t`Verifying your email address`,
  }

  let body: ReactNode
  if (shownView === 'resetPassword' && link) {
    body = (
      <>
        <ResetPasswordForm oobCode={link.oobCode} onReset={() => leaveLink({ kind: 'password-reset' })} />
        <ViewSwitch onClick={() => leaveLink(null)}>
          <Trans>Return to sign in</Trans>
        </ViewSwitch>
      </>
    )
  } else if (shownView === 'verifyEmail') {
    body = (
      <output className="hint auth__status">
        <span className="spinner" aria-hidden="true" /> <Trans>Checking your verification link…</Trans>
      </output>
    )
  } else if (shownView === 'forgot') {
    body = (
      <>
        <ForgotPasswordForm initialEmail={forgotEmail} />
        <ViewSwitch onClick={() => go('signin')}>
          <Trans>Return to sign in</Trans>
        </ViewSwitch>
      </>
    )
  } else {
    const signingIn = shownView === 'signin'
    body = (
      <>
        {notice?.kind === 'email-verified' && (
          <SuccessMessage>
            <Trans>Your email address is verified. Please sign in.</Trans>
          </SuccessMessage>
        )}
        {notice?.kind === 'password-reset' && (
          <SuccessMessage>
            <Trans>Password has been reset successfully.</Trans>
          </SuccessMessage>
        )}
        {notice?.kind === 'failure' && <FailureMessage text={i18n._(FAILURE_MESSAGES[notice.failure])} />}
        {signingIn ? (
          <SignInForm
            // After the verification link, the address it verified is filled in.
            initialEmail={notice?.kind === 'email-verified' ? (notice.email ?? '') : ''}
            onForgotPassword={(email) => {
              setForgotEmail(email)
              go('forgot')
            }}
          />
        ) : (
          <SignUpForm />
        )}
        <p className="auth__divider">
          <span>
            <Trans>or</Trans>
          </span>
        </p>
        <GoogleSignIn />
        <p className="auth__switch">
          {signingIn ? <Trans>Don't have an account?</Trans> : <Trans>Already have an account?</Trans>}{' '}
          <ViewSwitch onClick={() => go(signingIn ? 'signup' : 'signin')}>{signingIn ? <Trans>Sign up</Trans> : <Trans>Sign in</Trans>}</ViewSwitch>
        </p>
      </>
    )
  }

  return (
    <main className="page page--bare container auth">
      <section className="card auth__card" aria-labelledby="auth-title">
        <Link to="/" className="auth__brand">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <span>Actorly</span>
        </Link>
        <h1 id="auth-title" ref={heading} tabIndex={-1}>
          {titles[shownView]}
        </h1>
        {body}
        <p className="hint auth__legal">
          <Trans>
            By continuing you accept our <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy policy</Link>.
          </Trans>
        </p>
      </section>
    </main>
  )
}

/** The card's view toggles: actions on this page, so buttons styled as links (spec §2 "toggled by a link"). */
function ViewSwitch({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className="auth__link-button" onClick={onClick}>
      {children}
    </button>
  )
}
