import type { ReactNode } from 'react'
import { CloseIcon } from './icons'

/**
 * A file card's Remove: a round mark, named in full for assistive technology ('Remove audio')
 * and on hover. The name is the button's text, not a label, so it never answers to a search
 * for the file's own label ('Input video').
 */
export function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }): ReactNode {
  return (
    <button type="button" className="btn btn--ghost file-card__remove" onClick={onClick} disabled={disabled} title={label}>
      <CloseIcon />
      <span className="visually-hidden">{label}</span>
    </button>
  )
}
