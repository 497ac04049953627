import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSignOutFlow } from '@/app/account/use-sign-out-flow'
import { PushLanguageSync } from '@/app/push/push-language-sync'
import { InstallButton } from '@/app/pwa/install-button'
import { isSignedIn, useSession } from '@/session/session'
import { PersonIcon, SignOutIcon } from '@/ui/shell-icons'
import { BalanceProblemLine } from './credits-button'
import { LanguageSwitcher } from './language-switcher'
import { MainNav } from './main-nav'

/**
 * The account menu (docs/decisions/0115): who is signed in ('Welcome, {name}', spec §2) with
 * their email, the way to the Account screen, the language, installing the app and Sign out;
 * signed out, Sign in. On a phone it also holds the navigation. Everything else about the
 * account lives on the Account screen.
 */
export function AccountMenu({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const { t } = useLingui()
  const session = useSession()
  const signOut = useSignOutFlow(onSignOut)
  const user = isSignedIn(session) ? session.user : null
  const name = user === null ? null : (user.displayName ?? user.email)

  return (
    <div className="account-menu">
      {user !== null && name !== null && (
        <div className="account-menu__who">
          <p className="account-menu__welcome">{t`Welcome, ${name}`}</p>
          {name !== user.email && <p className="account-menu__email">{user.email}</p>}
        </div>
      )}
      <MainNav className="account-menu__nav" />
      <BalanceProblemLine />
      {user !== null && (
        <Link to="/account" className="account-menu__item">
          <PersonIcon />
          {t`Account`}
        </Link>
      )}
      {session.status === 'signed-out' && (
        <Link to="/auth" className="btn btn--primary account-menu__sign-in">
          {t`Sign in`}
        </Link>
      )}
      <InstallButton className="account-menu__item" />
      <LanguageSwitcher wide className="account-menu__language" />
      {user !== null && (
        <button type="button" className="account-menu__item" onClick={signOut.start} disabled={signOut.busy} aria-busy={signOut.busy || undefined}>
          <SignOutIcon />
          {t`Sign out`}
        </button>
      )}
      {signOut.dialog}
      {signOut.failed && (
        <p role="alert" className="form-error account-menu__note">
          {t`Failed to sign out`}
        </p>
      )}
      {signOut.removeFailed && (
        <p role="alert" className="form-error account-menu__note">
          {t`The videos kept on this device could not be removed. Remove them in your browser’s site settings.`}
        </p>
      )}
      {session.status === 'signed-out' && session.accountDeleted && (
        <output className="account-menu__note">{t`Your account was deleted, and this device no longer holds any of its data.`}</output>
      )}
      {user !== null && <PushLanguageSync />}
    </div>
  )
}
