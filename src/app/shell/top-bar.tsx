import { useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { AccountActions } from './account-actions'
import { BalanceProblemLine, CreditsButton } from './credits-button'
import { InstallButton } from '@/app/pwa/install-button'
import { NotifyWhenReady } from '@/app/push/notify-when-ready'
import { isSignedIn, useSession } from '@/session/session'
import { LanguageSwitcher } from './language-switcher'
import { RunningJobIndicator } from './running-job-indicator'
import './top-bar.css'

/**
 * The fixed top bar (spec §2). On small screens the navigation, account and language
 * sit in a menu behind a toggle; the menu closes on navigation and on Escape.
 */
export function TopBar({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const { t } = useLingui()
  const menuId = useId()
  const signedIn = isSignedIn(useSession())
  const toggleRef = useRef<HTMLButtonElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const menuOpen = openOn === pathname

  useEffect(() => {
    if (!menuOpen) return
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setOpenOn(null)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [menuOpen])

  return (
    <header className="topbar">
      <div className="topbar__inner container">
        <Link to="/ugc-actor" className="topbar__logo">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Actorly</span>
        </Link>
        <div id={menuId} className="topbar__menu" data-open={menuOpen}>
          <nav className="topbar__nav" aria-label={t`Main`}>
            <Link to="/ugc-actor" className="topbar__link" activeOptions={{ includeSearch: false }}>
              {t`UGC Actor`}
            </Link>
            <Link to="/gallery" className="topbar__link" activeOptions={{ includeSearch: false }}>
              {t`Gallery`}
            </Link>
          </nav>
          <div className="topbar__tools">
            <BalanceProblemLine />
            <AccountActions onSignOut={onSignOut} />
            {signedIn && <NotifyWhenReady place="menu" />}
            <InstallButton />
            <LanguageSwitcher />
          </div>
        </div>
        <RunningJobIndicator />
        <CreditsButton />
        <button
          ref={toggleRef}
          type="button"
          className="topbar__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <span className="topbar__toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">{t`Menu`}</span>
        </button>
      </div>
    </header>
  )
}
