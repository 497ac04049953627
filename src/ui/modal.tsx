import { useLingui } from '@lingui/react/macro'
import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import './modal.css'

interface ModalProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** Read with the title by assistive technology. */
  description?: ReactNode
  children?: ReactNode
  className?: string
}

/**
 * A dialog over the page (radix Dialog: focus trap, Escape, backdrop click close it,
 * focus returns to where it was). Used for the terms modal and the video preview.
 */
export function Modal({ open, onOpenChange, title, description, children, className }: ModalProps) {
  const { t } = useLingui()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className={['modal', className].filter(Boolean).join(' ')}
          // Without a description, radix warns unless aria-describedby is explicitly unset.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="modal__close" aria-label={t`Close`}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="hint">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
