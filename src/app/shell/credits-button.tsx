import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useOnline } from '@/app/use-online'
import { useSession } from '@/session/session'
import { OfflineIcon } from '@/ui/shell-icons'
import { Spinner } from '@/ui/spinner'
import { creditsPillOf, displayedCredits } from './credits-pill'

/**
 * The credits button of the top bar (spec §2): always leads to /purchase; signed in it
 * shows the balance (a spinner while it loads), signed out it reads 'view plans'.
 * Offline it shows the last balance this device saw with an offline mark (docs/decisions/0117).
 * Its text sits in a span the bar can cut short on a narrow phone (the full text stays its name).
 */
export function CreditsButton() {
  const { t, i18n } = useLingui()
  const pill = creditsPillOf(useSession(), useOnline())
  const problem = useBalanceProblem()
  const className = 'btn topbar__credits'
  switch (pill.kind) {
    case 'plans':
      return (
        <Link to="/purchase" className={className}>
          <span className="topbar__credits-text">{t`view plans`}</span>
        </Link>
      )
    case 'balance': {
      const balance = displayedCredits(pill.credits, (value) => i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
      const label = t`${balance} credits`
      if (!pill.offline) {
        return (
          <Link to="/purchase" className={className} title={label}>
            <span className="topbar__coin" aria-hidden="true" />
            <span className="topbar__credits-text">{label}</span>
          </Link>
        )
      }
      const offlineLabel = t`${label}, last known balance (offline)`
      return (
        <Link to="/purchase" className={`${className} topbar__credits--offline`} title={offlineLabel} aria-label={offlineLabel}>
          <OfflineIcon size={16} />
          <span className="topbar__credits-text">{label}</span>
        </Link>
      )
    }
    case 'offline': {
      const reason = t`no connection`
      const label = t`Balance unavailable (${reason})`
      return (
        <Link to="/purchase" className={`${className} topbar__credits--offline`} title={label} aria-label={label}>
          <OfflineIcon size={16} />
          <span className="topbar__credits-text">{t`Offline`}</span>
        </Link>
      )
    }
    case 'problem':
      return (
        <Link to="/purchase" className={className} title={problem ?? undefined}>
          <span role="alert" className="topbar__credits-text">
            {problem}
          </span>
        </Link>
      )
    case 'loading':
      // The balance is on its way, or the first auth state has not arrived (spec §4): nobody is known yet,
      // so neither 'view plans' nor a balance.
      return (
        <Link to="/purchase" className={className} aria-label={t`Credits loading`}>
          <Spinner label={t`Loading credits`} />
        </Link>
      )
  }
}

/** spec §8 "User data fetch failure: 'Error: {status} {statusText}'", in the user's words; null while there is none. */
function useBalanceProblem(): string | null {
  const { t } = useLingui()
  const pill = creditsPillOf(useSession(), useOnline())
  if (pill.kind !== 'problem') return null
  const answer = `${pill.status} ${pill.statusText}`.trim()
  const reason = t`Error: ${answer}`
  return t`Balance unavailable (${reason})`
}

/** The account menu's copy of a balance problem the bar may have cut short (the record is asked for again when the network or the tab comes back). */
export function BalanceProblemLine() {
  const problem = useBalanceProblem()
  if (problem === null) return null
  return <p className="form-error topbar__balance-problem">{problem}</p>
}
