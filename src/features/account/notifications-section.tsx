import { Trans } from '@lingui/react/macro'
import { NotifyWhenReady } from '@/app/push/notify-when-ready'
import { usePushOptIn } from '@/app/push/push-opt-in'
import { OfflineReason } from './account-section'
import type { AccountSectionProps } from './account-section-props'

const OFFLINE_REASON_ID = 'account-notifications-offline'

/** "Notify me when a video is ready" for this device (docs/decisions/0280), on or off, with the browser's limits said plainly. */
export function NotificationsSection({ online }: AccountSectionProps) {
  const optIn = usePushOptIn()
  const changeable = optIn === 'off' || optIn === 'on' || optIn === 'failed'
  // Offline, a control that needs the server waits, with the reason tied to it.
  const waiting = !online && changeable
  return (
    <>
      <p className="hint">
        <Trans>When a video you started is ready, this device can tell you, even when Actorly is closed.</Trans>
      </p>
      {optIn === 'hidden' ? (
        <p>
          <Trans>This browser cannot show notifications from Actorly.</Trans>
        </p>
      ) : (
        <NotifyWhenReady place="account" disabled={!online} describedBy={waiting ? OFFLINE_REASON_ID : undefined} />
      )}
      {waiting && (
        <OfflineReason id={OFFLINE_REASON_ID}>
          <Trans>You are offline. Connect to the internet to change notifications.</Trans>
        </OfflineReason>
      )}
    </>
  )
}
