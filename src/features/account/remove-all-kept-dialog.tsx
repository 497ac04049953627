import { Plural, Trans } from '@lingui/react/macro'
import { AlertDialog } from 'radix-ui'
import '@/ui/modal.css'

interface RemoveAllKeptDialogProps {
  count: number
  onRemove(): void
  onCancel(): void
  /** Where the focus goes once the dialog is gone: the control that opened it (the dialog has no trigger of its own). */
  returnFocus(): void
}

/**
 * "Remove all kept videos?": the videos leave this device only; the gallery keeps them
 * online. Shown while the user decides; Remove and Cancel both close it at once.
 */
export function RemoveAllKeptDialog({ count, onRemove, onCancel, returnFocus }: RemoveAllKeptDialogProps) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal__overlay" />
        <AlertDialog.Content
          className="modal"
          onCloseAutoFocus={(event) => {
            // Radix would focus a trigger this dialog does not have, and the focus would drop to the page.
            event.preventDefault()
            returnFocus()
          }}
        >
          <AlertDialog.Title className="modal__title">
            <Trans>Remove all kept videos?</Trans>
          </AlertDialog.Title>
          <AlertDialog.Description className="hint">
            <Trans>
              <Plural value={count} one="# video" other="# videos" /> will no longer play offline on this device. Your gallery keeps them online.
            </Trans>
          </AlertDialog.Description>
          <div className="account-dialog__actions">
            <AlertDialog.Cancel className="btn">
              <Trans>Cancel</Trans>
            </AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn--primary" onClick={onRemove}>
              <Trans>Remove</Trans>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
