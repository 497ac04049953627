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

/** The account menu's toggle: the user's initial when signed in, three bars otherwise. Always named "Menu". */
export function AccountMenuButton({ ref, session, expanded, controls, onClick }: AccountMenuButtonProps) {
  const { t } = useLingui()
  const signedIn = isSignedIn(session)
  return (
    <button
      ref={ref}
      type="button"
      className={`topbar__toggle${signedIn ? ' topbar__toggle--avatar' : ''}`}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
    >
      {signedIn ? (
        <span className="topbar__avatar" aria-hidden="true">
          {initialOf(session.user.displayName ?? session.user.email)}
        </span>
      ) : (
        <span className="topbar__toggle-bars" aria-hidden="true" />
      )}
      <span className="visually-hidden">{t`Menu`}</span>
    </button>
  )
}
