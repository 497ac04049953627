import { type ReactNode, useId, useState } from 'react'
import './file-drop.css'

interface FileDropProps {
  /** The input's name, e.g. 'Upload a video'. */
  label: ReactNode
  /** Read with the input (its accessible description), e.g. the formats. */
  hint?: ReactNode
  /** Shown, not read: how to use the zone ("Tap to choose or drop a file here"). */
  prompt?: ReactNode
  accept: string
  icon: ReactNode
  onFile: (file: File) => void
  disabled?: boolean
  invalid?: boolean
  /** Ids of further descriptions, e.g. the field's error. */
  describedBy?: string
}

/**
 * A styled file picker and drop zone instead of the browser's "Choose File / No file
 * chosen". The real file input lies transparent over the whole zone: a tap opens the
 * system picker, a file dropped on it is taken, and keyboard and screen readers meet
 * an ordinary, labelled file input.
 */
export function FileDrop({ label, hint, prompt, accept, icon, onFile, disabled = false, invalid = false, describedBy }: FileDropProps) {
  const id = useId()
  const [dragging, setDragging] = useState(false)
  const hintId = hint === undefined ? undefined : `${id}-hint`
  const described = [hintId, describedBy].filter(Boolean).join(' ') || undefined
  return (
    <div className="file-drop" data-dragging={dragging} data-invalid={invalid}>
      <span className="file-drop__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="file-drop__text">
        <label htmlFor={id} className="file-drop__label">
          {label}
        </label>
        {prompt !== undefined && <span className="file-drop__prompt">{prompt}</span>}
        {hint !== undefined && (
          <span id={hintId} className="file-drop__hint">
            {hint}
          </span>
        )}
      </span>
      <input
        id={id}
        type="file"
        className="file-drop__input"
        // No browser tooltip ("No file chosen") over the zone.
        title=""
        accept={accept}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={described}
        onDragEnter={() => setDragging(true)}
        onDragLeave={() => setDragging(false)}
        onDrop={() => setDragging(false)}
        onChange={(event) => {
          const file = event.target.files?.[0]
          // Cleared so picking the same file again still reports a change.
          event.target.value = ''
          if (file !== undefined) onFile(file)
        }}
      />
    </div>
  )
}
