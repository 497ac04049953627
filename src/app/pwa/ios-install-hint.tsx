import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { browserFacts, dismissIosHint, iosHintDismissed, shouldHintIosInstall } from './ios-install'
import './install.css'

/**
 * Tells Safari users on iOS how to put Actorly on the home screen, since Safari
 * offers no install button. Shown until dismissed; the dismissal is remembered.
 */
export function IosInstallHint() {
  const { t } = useLingui()
  const [visible, setVisible] = useState(() => shouldHintIosInstall(browserFacts()) && !iosHintDismissed())
  if (!visible) return null

  function dismiss() {
    dismissIosHint()
    setVisible(false)
  }

  return (
    <aside className="ios-install-hint" aria-label={t`Install Actorly`}>
      <p className="ios-install-hint__text">
        <Trans>
          Install Actorly on your iPhone: tap <ShareIcon /> <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
        </Trans>
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
