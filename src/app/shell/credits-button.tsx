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
 * Its text sits in a span the bar can cut short on a narrow phone (the full text stays its name).
 */
export function CreditsButton() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const balanceProblem = useBalanceProblem()
  if (session.status === 'signed-out') {
    return (
      <Link to="/purchase" className="btn btn--small topbar__credits">
        <span className="topbar__credits-text">{t`view plans`}</span>
      </Link>
    )
  }
  if (session.status === 'signed-in' && session.credits !== null) {
    const balance = displayedCredits(session.credits, (value) => i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
    const label = t`${balance} credits`
    return (
      <Link to="/purchase" className="btn btn--small topbar__credits" title={label}>
        <span className="topbar__coin" aria-hidden="true" />
        <span className="topbar__credits-text">{label}</span>
      </Link>
    )
  }
  if (balanceProblem !== null) {
    return (
      <Link to="/purchase" className="btn btn--small topbar__credits" title={balanceProblem}>
        <span role="alert" className="topbar__credits-text">
          {balanceProblem}
        </span>
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

/** spec §8 "User data fetch failure: 'Error: {status} {statusText}'", in the user's words; null while there is none. */
function useBalanceProblem(): string | null {
  const { t } = useLingui()
  const session = useSession()
  if (session.status !== 'signed-in' || session.credits !== null || session.recordError === undefined) return null
  const { status, statusText } = session.recordError
  const answer = `${status ?? ''} ${statusText}`.trim()
  const reason = status === null ? t`no connection` : t`Error: ${answer}`
  return t`Balance unavailable (${reason})`
}

/**
 * The phone menu's copy of a balance problem the bar may have cut short (the
 * record is asked for again when the network or the tab comes back).
 */
export function BalanceProblemLine() {
  const problem = useBalanceProblem()
  if (problem === null) return null
  return <p className="form-error topbar__balance-problem">{problem}</p>
}
