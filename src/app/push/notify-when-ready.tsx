import { Trans, useLingui } from '@lingui/react/macro'
import { useApiErrorText } from '@/api/api-error-text'
import { showIosInstallHintForNotifications } from '@/app/pwa/ios-install-hint'
import { isLocale } from '@/i18n/locale'
import { turnOff, turnOn, usePushOptIn } from './push-opt-in'
import './push.css'

interface NotifyWhenReadyProps {
  place: 'generation' | 'account'
  /** The buttons wait (offline: the server must hear of it). */
  disabled?: boolean
  /** The id of the text saying why they wait, tied to them (docs/decisions/0117). */
  describedBy?: string
}

/**
 * "Notify me when it's ready" (docs/decisions/0280, 0115): beside a running
 * generation; on the Account screen, where no video is in sight, "Notify me
 * when a video is ready". The permission prompt comes only from the user's
 * click; where notifications were blocked it says how to allow them and never
 * asks; on iOS in a tab the install hint explains the home-screen app.
 */
export function NotifyWhenReady({ place, disabled = false, describedBy }: NotifyWhenReadyProps) {
  const { t, i18n } = useLingui()
  const apiErrorText = useApiErrorText()
  const optIn = usePushOptIn()
  const language = isLocale(i18n.locale) ? i18n.locale : 'en'

  if (optIn === 'hidden') return null
  const className = `notify-when-ready notify-when-ready--${place}`
  const label = place === 'generation' ? <Trans>Notify me when it’s ready</Trans> : <Trans>Notify me when a video is ready</Trans>
  if (optIn === 'needs-home-screen') {
    // Safari in a tab cannot be notified: the install hint says how to get the home-screen app that can.
    return (
      <div className={className}>
        <button type="button" className="btn btn--small" onClick={showIosInstallHintForNotifications}>
          <BellIcon />
          {label}
        </button>
      </div>
    )
  }
  if (optIn === 'denied') {
    return (
      <p className={className}>
        <Trans>
          Notifications are blocked for Actorly. To be notified when your video is ready, allow notifications for this site in your browser’s settings.
        </Trans>
      </p>
    )
  }
  if (optIn === 'on') {
    return (
      <div className={className}>
        <output className="notify-when-ready__status">{place === 'generation' ? t`We’ll notify you when it’s ready.` : t`Notifications are on.`}</output>
        {place === 'account' && (
          <button type="button" className="btn btn--ghost" onClick={() => void turnOff()} disabled={disabled} aria-describedby={describedBy}>
            <Trans>Turn off notifications</Trans>
          </button>
        )}
      </div>
    )
  }
  return (
    <div className={className}>
      <button
        type="button"
        className={place === 'account' ? 'btn' : 'btn btn--small'}
        onClick={() => void turnOn(language)}
        disabled={disabled || optIn === 'working'}
        aria-busy={optIn === 'working'}
        aria-describedby={describedBy}
      >
        <BellIcon />
        {label}
      </button>
      {optIn === 'failed' && (
        <p className="notify-when-ready__failed" role="alert">
          <Trans>Sorry, notifications could not be turned on on this device right now. Please try again later.</Trans>
        </p>
      )}
      {/* The server's refusals, in the words it stands for (docs/decisions/0283). */}
      {(optIn === 'not-allowed' || optIn === 'rate-limited') && (
        <p className="notify-when-ready__failed" role="alert">
          {optIn === 'not-allowed' ? apiErrorText.push_endpoint_not_allowed : apiErrorText.rate_limited}
        </p>
      )}
    </div>
  )
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
