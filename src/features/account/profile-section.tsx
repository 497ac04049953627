import { Trans, useLingui } from '@lingui/react/macro'
import { useSignOutFlow } from '@/app/account/use-sign-out-flow'
import { useSignOut } from '@/app/shell/use-sign-out'
import { isSignedIn, useSession } from '@/session/session'
import { SignOutIcon } from '@/ui/shell-icons'
import type { AccountSectionProps } from './account-section-props'

/** Name and email (spec §3 user record), and Sign out (spec §4). */
export function ProfileSection({ user }: AccountSectionProps) {
  const { t } = useLingui()
  const session = useSession()
  const signOut = useSignOutFlow(useSignOut())
  const name = user.displayName ?? (isSignedIn(session) ? session.record?.name : undefined) ?? null
  return (
    <>
      <dl className="account-facts">
        <div>
          <dt>
            <Trans>Name</Trans>
          </dt>
          <dd>{name ?? t`Not set`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Email</Trans>
          </dt>
          <dd className="account-email">{user.email}</dd>
        </div>
      </dl>
      <div className="account-actions">
        <button type="button" className="btn" onClick={signOut.start} disabled={signOut.busy} aria-busy={signOut.busy || undefined}>
          <SignOutIcon />
          <Trans>Sign out</Trans>
        </button>
      </div>
      {signOut.dialog}
      {signOut.failed && (
        <p role="alert" className="form-error">
          <Trans>Failed to sign out</Trans>
        </p>
      )}
      {signOut.removeFailed && (
        <p role="alert" className="form-error">
          <Trans>The videos kept on this device could not be removed. Remove them in your browser’s site settings.</Trans>
        </p>
      )}
    </>
  )
}
