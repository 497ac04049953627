import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { isSignedIn, useSession } from '@/session/session'

/**
 * Who is here (spec §2): signed in, a welcome with the display name and a sign-out
 * button; signed out, a sign-in button to /auth. Sign-out failure shows spec §8's message.
 */
export function AccountActions({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const { t } = useLingui()
  const session = useSession()
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)

  if (!isSignedIn(session)) {
    return (
      <Link to="/auth" className="btn btn--small btn--primary">
        {t`Sign in`}
      </Link>
    )
  }

  async function signOut() {
    setBusy(true)
    setFailed(false)
    try {
      await onSignOut()
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  const name = session.user.displayName ?? session.user.email
  return (
    <div className="topbar__account">
      <span className="topbar__welcome">{t`Welcome, ${name}`}</span>
      <button type="button" className="btn btn--small btn--ghost" onClick={signOut} disabled={busy}>
        {t`Sign out`}
      </button>
      {failed && (
        <p role="alert" className="form-error topbar__error">
          {t`Failed to sign out`}
        </p>
      )}
    </div>
  )
}
