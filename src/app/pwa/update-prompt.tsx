import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { productionUpdates, type UpdateSource, type WaitingUpdate } from './service-worker-updates'
import './update-prompt.css'

type Props = {
  /** Where updates come from; production builds register the service worker. */
  updates?: UpdateSource | null
}

/**
 * Tells the user politely that a new version is ready. It never reloads by itself:
 * a recording or generation may be running, so the new version waits for Reload.
 */
export function UpdatePrompt({ updates = productionUpdates }: Props) {
  const [update, setUpdate] = useState<WaitingUpdate | null>(null)
  const [dismissed, setDismissed] = useState(false)
  const [reloading, setReloading] = useState(false)

  useEffect(
    () =>
      updates?.((next) => {
        setUpdate(next)
        // A newer version than the one put off earlier is worth asking about again.
        setDismissed(false)
      }),
    [updates],
  )

  const visible = update !== null && !dismissed

  function reload() {
    if (!update) return
    setReloading(true)
    update.reloadIntoNewVersion()
  }

  // The <output> (a polite live region) stays in the page, so screen readers
  // announce the message when it appears.
  return (
    <div className={visible ? 'update-prompt' : undefined}>
      <output className="update-prompt__message">{visible && <Trans>A new version of Actorly is ready.</Trans>}</output>
      {visible && (
        <div className="update-prompt__actions">
          <button type="button" className="btn btn--primary btn--small" onClick={reload} disabled={reloading}>
            <Trans>Reload</Trans>
          </button>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setDismissed(true)} disabled={reloading}>
            <Trans>Later</Trans>
          </button>
        </div>
      )}
    </div>
  )
}
