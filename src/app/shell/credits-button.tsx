import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSession } from '@/session/session'
import { Spinner } from '@/ui/spinner'

/** spec §2: the balance to two decimals, or 0 when it is zero or negative. */
export function displayedCredits(balance: number, format: (value: number) => string): string {
  return balance > 0 ? format(balance) : '0'
}

/**
 * The credits button of the top bar (spec §2): always leads to /purchase;
 * signed in it shows the balance (a spinner while it loads), signed out it reads 'view plans'.
 */
export function CreditsButton() {
  const { t, i18n } = useLingui()
  const session = useSession()
  if (session.status === 'signed-out') {
    return (
      <Link to="/purchase" className="btn btn--small topbar__credits">
        {t`view plans`}
      </Link>
    )
  }
  if (session.status === 'signed-in' && session.credits !== null) {
    const balance = displayedCredits(session.credits, (value) => i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
    return (
      <Link to="/purchase" className="btn btn--small topbar__credits">
        <span className="topbar__coin" aria-hidden="true" />
        {t`${balance} credits`}
      </Link>
    )
  }
  if (session.status === 'signed-in' && session.recordError !== undefined) {
    // spec §8 "User data fetch failure: 'Error: {status} {statusText}'"; asked again when back online.
    return (
      <Link to="/purchase" className="btn btn--small topbar__credits" title={session.recordError}>
        <span role="alert">{t`Balance unavailable (${session.recordError})`}</span>
      </Link>
    )
  }
  // The balance is on its way, or the first auth state has not arrived (spec §4): nobody is known yet,
  // so neither 'view plans' nor a balance.
  return (
    <Link to="/purchase" className="btn btn--small topbar__credits" aria-label={t`Credits loading`}>
      <Spinner label={t`Loading credits`} />
    </Link>
  )
}
