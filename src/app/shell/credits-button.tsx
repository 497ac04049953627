import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { isSignedIn, useSession } from '@/session/session'
import { Spinner } from '@/ui/spinner'

/** spec §2: balance to two decimals, 0 when zero or negative. */
export function displayedCredits(balance: number): number {
  return balance > 0 ? balance : 0
}

/**
 * The credits button of the top bar (spec §2): always leads to /purchase;
 * signed in it shows the balance (a spinner while it loads), signed out it reads 'view plans'.
 */
export function CreditsButton() {
  const { t, i18n } = useLingui()
  const session = useSession()
  if (!isSignedIn(session)) {
    return (
      <Link to="/purchase" className="btn btn--small topbar__credits">
        {t`view plans`}
      </Link>
    )
  }
  if (session.credits === null && session.recordError !== undefined) {
    // spec §8 "User data fetch failure: 'Error: {status} {statusText}'"; asked again when back online.
    return (
      <Link to="/purchase" className="btn btn--small topbar__credits" title={session.recordError}>
        <span role="alert">{t`Balance unavailable (${session.recordError})`}</span>
      </Link>
    )
  }
  if (session.credits === null) {
    return (
      <Link to="/purchase" className="btn btn--small topbar__credits" aria-label={t`Credits loading`}>
        <Spinner label={t`Loading credits`} />
      </Link>
    )
  }
  const balance = i18n.number(displayedCredits(session.credits), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return (
    <Link to="/purchase" className="btn btn--small topbar__credits">
      <span className="topbar__coin" aria-hidden="true" />
      {t`${balance} credits`}
    </Link>
  )
}
