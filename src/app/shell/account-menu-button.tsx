import { useLingui } from '@lingui/react/macro'
import type { Ref } from 'react'
import { isSignedIn, type Session } from '@/session/session'

/** The first letter of the name (or email) the avatar shows. */
export function initialOf(name: string): string {
  const first = [...name.trim()][0]
  return first === undefined ? '?' : first.toLocaleUpperCase()
}

interface AccountMenuButtonProps {
  ref: Ref<HTMLButtonElement>
  session: Session
  expanded: boolean
  controls: string
  onClick(): void
}

/** The account menu's toggle: the user's initial when signed in (an empty circle while the session resolves), three bars when signed out. Always named "Menu". */
export function AccountMenuButton({ ref, session, expanded, controls, onClick }: AccountMenuButtonProps) {
  const { t } = useLingui()
  // While the session resolves someone signed in on this device is expected (the session hint):
  // the avatar's circle is there already, so nothing moves when the initial arrives.
  const avatar = session.status !== 'signed-out'
  return (
    <button
      ref={ref}
      type="button"
      className={`topbar__toggle${avatar ? ' topbar__toggle--avatar' : ''}`}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
    >
      {avatar ? (
        <span className="topbar__avatar" aria-hidden="true">
          {isSignedIn(session) ? initialOf(session.user.displayName ?? session.user.email) : ''}
        </span>
      ) : (
        <span className="topbar__toggle-bars" aria-hidden="true" />
      )}
      <span className="visually-hidden">{t`Menu`}</span>
    </button>
  )
}
