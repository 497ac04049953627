import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useId } from 'react'
import { useOnline } from '@/app/use-online'
import type { AppPath } from './app-link'
import './online-link.css'

interface OnlineLinkProps {
  to: AppPath
  className: string
  children: ReactNode
  /** Why it waits while offline; a general line when left out. */
  offlineReason?: string
}

/**
 * A link to something that needs the network (making a video): offline it is shown
 * as a disabled button with the reason under it, rather than leading to a screen that
 * cannot work (docs/decisions/0117).
 */
export function OnlineLink({ to, className, children, offlineReason }: OnlineLinkProps) {
  const { t } = useLingui()
  const online = useOnline()
  const reasonId = useId()
  if (online) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <>
      {/* Offline the way on is a disabled button, described by its reason (a link cannot be disabled). */}
      <button type="button" className={className} disabled aria-describedby={reasonId}>
        {children}
      </button>
      <p id={reasonId} className="hint online-link__reason">
        {offlineReason ?? t`You are offline. Connect to the internet to make videos.`}
      </p>
    </>
  )
}
