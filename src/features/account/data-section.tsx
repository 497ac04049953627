import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { DownloadIcon } from '@/ui/icons'
import { OfflineReason } from './account-section'
import type { AccountSectionProps } from './account-section-props'

// The call (ky, schemas) loads when the user asks for it (docs/decisions/0203).
const downloadMyData = async () => (await import('@/app/account/account-calls')).downloadMyData()

/** Download my data (docs/decisions/0265): one JSON file with everything the account holds. Needs the network. */
export function DataSection({ online }: AccountSectionProps) {
  const [downloading, setDownloading] = useState(false)
  const [failed, setFailed] = useState(false)

  async function download() {
    setDownloading(true)
    setFailed(false)
    try {
      setFailed(!(await downloadMyData()))
    } catch {
      // The call's code could not load (offline since, a new deployment): a failure like any other.
      setFailed(true)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <>
      <p className="hint">
        <Trans>
          One file with everything your account holds: your profile, credits and purchases, every generation with links to its videos and uploads, and your
          support messages. The links work for a day.
        </Trans>
      </p>
      <div className="account-actions">
        <button
          type="button"
          className="btn"
          onClick={() => void download()}
          disabled={!online || downloading}
          aria-busy={downloading || undefined}
          aria-describedby={online ? undefined : 'account-data-offline'}
        >
          {downloading ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon />}
          <Trans>Download my data</Trans>
        </button>
      </div>
      {!online && (
        <OfflineReason id="account-data-offline">
          <Trans>You are offline. Connect to the internet to download your data.</Trans>
        </OfflineReason>
      )}
      {failed && (
        <p role="alert" className="form-error">
          <Trans>Your data could not be downloaded. Please try again.</Trans>
        </p>
      )}
    </>
  )
}
