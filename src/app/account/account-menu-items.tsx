import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'

// The top bar is on every app screen: the dialog (Radix) and the calls (ky, schemas)
// load when the user asks for them (docs/decisions/0203).
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog').then((module) => ({ default: module.DeleteAccountDialog })))
const downloadMyData = async () => (await import('./account-calls')).downloadMyData()

/**
 * The account menu's data entries (docs/decisions/0260, 0265): download a copy
 * of everything the account holds, and delete the account.
 */
export function AccountMenuItems() {
  const { t } = useLingui()
  const [downloading, setDownloading] = useState(false)
  const [downloadFailed, setDownloadFailed] = useState(false)
  const [deleting, setDeleting] = useState(false)

  async function download() {
    setDownloading(true)
    setDownloadFailed(false)
    setDownloadFailed(!(await downloadMyData()))
    setDownloading(false)
  }

  return (
    <>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
        {t`Download my data`}
      </button>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => setDeleting(true)}>
        {t`Delete my account`}
      </button>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
        </Suspense>
      )}
      {downloadFailed && (
        <p role="alert" className="form-error topbar__error">
          <Trans>Your data could not be downloaded. Please try again.</Trans>
        </p>
      )}
    </>
  )
}
