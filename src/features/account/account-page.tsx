import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useOnline } from '@/app/use-online'
import { isSignedIn, useSession } from '@/session/session'
import { Spinner } from '@/ui/spinner'
import { AccountSection } from './account-section'
import { ACCOUNT_SECTIONS } from './account-sections'
import './account-page.css'

/**
 * /account (docs/decisions/0115): the signed-in user's profile, language, notifications,
 * what this device keeps, their data and the account's deletion, one section each.
 * It opens offline; what needs the network says so and waits.
 */
export function AccountPage() {
  const { i18n } = useLingui()
  const session = useSession()
  const online = useOnline()
  return (
    <main className="page container account-page">
      <header className="account-header">
        <h1>
          <Trans>Account</Trans>
        </h1>
        <p className="account-lead">
          <Trans>Your profile, this device and your data.</Trans>
        </p>
      </header>
      {session.status === 'loading' && <Spinner />}
      {session.status === 'signed-out' && <SignedOut accountDeleted={session.accountDeleted === true} />}
      {isSignedIn(session) && (
        <div className="account-sections">
          {ACCOUNT_SECTIONS.map(({ id, title, tone, Content }) => (
            <AccountSection key={id} id={id} title={i18n._(title)} tone={tone}>
              <Content user={session.user} online={online} />
            </AccountSection>
          ))}
        </div>
      )}
    </main>
  )
}

function SignedOut({ accountDeleted }: { accountDeleted: boolean }) {
  return (
    <section className="card account-section account-signed-out" aria-labelledby="account-signed-out-title">
      {accountDeleted ? (
        <>
          <h2 id="account-signed-out-title">
            <Trans>Your account is deleted</Trans>
          </h2>
          <p className="hint">
            <Trans>This device no longer holds any of its data. You can create a new account at any time.</Trans>
          </p>
        </>
      ) : (
        <>
          <h2 id="account-signed-out-title">
            <Trans>Sign in to see your account</Trans>
          </h2>
          <p className="hint">
            <Trans>Your profile, your language and notification settings, and your data are here once you sign in.</Trans>
          </p>
          <Link to="/auth" className="btn btn--primary">
            <Trans>Sign in</Trans>
          </Link>
        </>
      )}
    </section>
  )
}
