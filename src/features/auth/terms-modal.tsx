import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { MINIMUM_AGE } from '@contract/constants'
import { Modal } from '@/ui/modal'

interface TermsModalProps {
  open: boolean
  onCancel(): void
  onAgree(): void
}

/** spec §2 Auth page: "Sign-up first opens a terms modal with Cancel and Agree; Agree submits the sign-up". */
export function TermsModal({ open, onCancel, onAgree }: TermsModalProps) {
  const { t } = useLingui()
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={t`Terms of Service`}
      description={
        <Trans>
          To create an account, please read and accept our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy policy</Link>. You confirm
          that you are at least {MINIMUM_AGE} years old.
        </Trans>
      }
    >
      <div className="auth__modal-actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="btn btn--primary" onClick={onAgree}>
          <Trans>Agree</Trans>
        </button>
      </div>
    </Modal>
  )
}
