import { Plural, Trans } from '@lingui/react/macro'
import { AlertDialog } from 'radix-ui'
import '@/ui/modal.css'
import './device.css'

interface RemoveKeptVideosDialogProps {
  /** How many videos the user keeps here; the dialog is open while this is a number. */
  keptCount: number | null
  /** Keep (false) or Remove (true); closing the dialog any other way cancels the sign-out. */
  onChoose: (remove: boolean) => void
  onCancel: () => void
}

/**
 * Sign-out's privacy question (docs/quality.md, "The device": sign-out clears the
 * session and offers to remove this device's kept videos). An alert dialog: the choice matters, so
 * a click outside does not close it; Escape cancels the sign-out.
 */
export function RemoveKeptVideosDialog({ keptCount, onChoose, onCancel }: RemoveKeptVideosDialogProps) {
  const count = keptCount ?? 0
  return (
    <AlertDialog.Root open={keptCount !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal__overlay" />
        <AlertDialog.Content className="modal">
          <AlertDialog.Title className="modal__title">
            <Trans>Remove videos kept on this device?</Trans>
          </AlertDialog.Title>
          <AlertDialog.Description className="hint">
            <Trans>
              <Plural value={count} one="# video is" other="# videos are" /> kept on this device to watch offline. Remove kept videos if others use this device;
              keep them to watch again after you sign in.
            </Trans>
          </AlertDialog.Description>
          <div className="kept-videos-dialog__actions">
            <AlertDialog.Action className="btn" onClick={() => onChoose(false)}>
              <Trans>Keep</Trans>
            </AlertDialog.Action>
            <AlertDialog.Action className="btn btn--primary" onClick={() => onChoose(true)}>
              <Trans>Remove</Trans>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
