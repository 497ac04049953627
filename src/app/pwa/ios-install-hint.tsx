import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { browserFacts, dismissIosHint, iosHintDismissed, shouldHintIosInstall } from './ios-install'
import './install.css'

/** Why the hint shows: on its own (installing), or because the user asked for notifications (decision 0282). */
type HintReason = 'install' | 'notifications'

const askers = new Set<(reason: HintReason) => void>()

/** "Notify me when it's ready" on iOS in a tab: the hint explains that notifications need the home-screen app, even after a dismissal. */
export function showIosInstallHintForNotifications(): void {
  for (const ask of askers) ask('notifications')
}

/**
 * Tells Safari users on iOS how to put Actorly on the home screen, since Safari
 * offers no install button. Shown until dismissed; the dismissal is remembered.
 * Shown again when the user asks to be notified, which only the home-screen app can do.
 */
export function IosInstallHint() {
  const { t } = useLingui()
  const [reason, setReason] = useState<HintReason | null>(() => (shouldHintIosInstall(browserFacts()) && !iosHintDismissed() ? 'install' : null))
  useEffect(() => {
    askers.add(setReason)
    return () => {
      askers.delete(setReason)
    }
  }, [])
  if (reason === null) return null

  function dismiss() {
    dismissIosHint()
    setReason(null)
  }

  return (
    <aside className="ios-install-hint" aria-label={t`Install Actorly`}>
      <p className="ios-install-hint__text" role={reason === 'notifications' ? 'status' : undefined}>
        {reason === 'install' ? (
          <Trans>
            Install Actorly on your iPhone: tap <ShareIcon /> <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
          </Trans>
        ) : (
          <Trans>
            To be notified when your video is ready, add Actorly to your Home Screen: tap <ShareIcon /> <strong>Share</strong>, then <strong>Add to Home Screen</strong>, and open it
            from there.
          </Trans>
        )}
      </p>
      <button type="button" className="ios-install-hint__close" onClick={dismiss} aria-label={t`Dismiss`}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  )
}

/** Safari's share symbol, so the words point at what people see. */
function ShareIcon() {
  return (
    <svg className="ios-install-hint__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M12 3v12M7.5 7.5L12 3l4.5 4.5M6 11H5v10h14V11h-1" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
