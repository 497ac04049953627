import { Trans } from '@lingui/react/macro'
import type { KeepFailure } from '@/device/kept-videos'

/**
 * Says why a video was not kept on this device (docs/decisions/0161), with what to do.
 * A full device is the one users can fix themselves, so it says how.
 */
export function KeepFailureMessage({ reason }: { reason: KeepFailure }) {
  return (
    <p className="field-error" role="alert">
      {reason === 'quota' && (
        <Trans>
          There is not enough space on this device to keep this video for offline viewing. Remove videos you no longer need offline, or free up space on the
          device, then try again.
        </Trans>
      )}
      {reason === 'network' && <Trans>The video could not be fetched. Check your connection and try again.</Trans>}
      {reason === 'storage' && <Trans>This browser did not let us keep the video on this device. It still plays while you are online.</Trans>}
    </p>
  )
}
