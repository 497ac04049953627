import { useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { isSignedIn, useSession } from '@/session/session'
import { AccountMenu } from './account-menu'
import { AccountMenuButton } from './account-menu-button'
import { CreditsButton } from './credits-button'
import { MainNav } from './main-nav'
import { RunningJobIndicator } from './running-job-indicator'
import './top-bar.css'

/**
 * The fixed top bar (spec §2; docs/decisions/0115): logo, navigation, a running job, credits
 * and one account menu, on one row at every width. On a phone the navigation moves into the
 * menu. The menu closes on navigation, on Escape and on a tap outside it.
 */
export function TopBar({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const { t } = useLingui()
  const menuId = useId()
  const session = useSession()
  const headerRef = useRef<HTMLElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const menuOpen = openOn === pathname

  useEffect(() => {
    if (!menuOpen) return
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setOpenOn(null)
      toggleRef.current?.focus()
    }
    function closeOnTapOutside(event: PointerEvent) {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) setOpenOn(null)
    }
    document.addEventListener('keydown', closeOnEscape)
    document.addEventListener('pointerdown', closeOnTapOutside)
    return () => {
      document.removeEventListener('keydown', closeOnEscape)
      document.removeEventListener('pointerdown', closeOnTapOutside)
    }
  }, [menuOpen])

  return (
    <header ref={headerRef} className="topbar">
      <div className="topbar__inner container">
        <Link to="/ugc-actor" className="topbar__logo">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Actorly</span>
        </Link>
        <MainNav className="topbar__nav" />
        <RunningJobIndicator />
        <CreditsButton />
        {session.status === 'signed-out' && (
          <Link to="/auth" className="btn btn--primary topbar__sign-in">
            {t`Sign in`}
          </Link>
        )}
        <AccountMenuButton ref={toggleRef} session={session} expanded={menuOpen} controls={menuId} onClick={() => setOpenOn(menuOpen ? null : pathname)} />
        <div id={menuId} className="topbar__menu" data-open={menuOpen} data-signed-in={isSignedIn(session)}>
          <AccountMenu onSignOut={onSignOut} />
        </div>
      </div>
    </header>
  )
}
