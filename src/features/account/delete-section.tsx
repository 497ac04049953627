import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { OfflineReason } from './account-section'
import type { AccountSectionProps } from './account-section-props'

// The dialog (Radix, the identity SDK's re-authentication) loads when the user opens it (docs/decisions/0203).
const DeleteAccountDialog = lazy(() => import('@/app/account/delete-account-dialog').then((module) => ({ default: module.DeleteAccountDialog })))

/** Delete my account (docs/decisions/0260): what goes and what stays is in the dialog, which asks twice. Needs the network. */
export function DeleteSection({ online }: AccountSectionProps) {
  const [deleting, setDeleting] = useState(false)
  return (
    <>
      <p className="hint">
        <Trans>Deletes your sign-in, videos, uploads and credits for good. You confirm with your password or Google account.</Trans>
      </p>
      <div className="account-actions">
        <button
          type="button"
          className="btn btn--danger"
          onClick={() => setDeleting(true)}
          disabled={!online}
          aria-describedby={online ? undefined : 'account-delete-offline'}
        >
          <Trans>Delete my account</Trans>
        </button>
      </div>
      {!online && (
        <OfflineReason id="account-delete-offline">
          <Trans>You are offline. Connect to the internet to delete your account.</Trans>
        </OfflineReason>
      )}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
        </Suspense>
      )}
    </>
  )
}
