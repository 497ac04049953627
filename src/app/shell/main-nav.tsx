import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/**
 * The app's screens (spec §2 top bar): in the bar on a wide screen, in the account
 * menu on a phone. The link of the current screen is marked.
 */
export function MainNav({ className }: { className: string }) {
  const { t } = useLingui()
  return (
    <nav className={className} aria-label={t`Main`}>
      <Link to="/ugc-actor" className="topbar__link" activeOptions={{ includeSearch: false }}>
        {t`UGC Actor`}
      </Link>
      <Link to="/gallery" className="topbar__link" activeOptions={{ includeSearch: false }}>
        {t`Gallery`}
      </Link>
    </nav>
  )
}
