import { type ReactNode, useEffect, useId, useRef, useState } from 'react'

interface InfoTipProps {
  /** Accessible name of the info button, e.g. "About enhanced lip sync". */
  label: string
  children: ReactNode
}

/**
 * A small "i" button whose tip shows on hover, focus and tap, and is its
 * accessible description. Escape or leaving closes it (WCAG 1.4.13); the tip
 * stays open while the pointer is over it.
 */
export function InfoTip({ label, children }: InfoTipProps) {
  const [open, setOpen] = useState(false)
  const tipId = useId()
  const rootRef = useRef<HTMLSpanElement>(null)

  useEffect(() => {
    if (!open) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('keydown', closeOnEscape)
    document.addEventListener('pointerdown', closeOnOutsidePress)
    return () => {
      document.removeEventListener('keydown', closeOnEscape)
      document.removeEventListener('pointerdown', closeOnOutsidePress)
    }
  }, [open])

  return (
    <span
      ref={rootRef}
      className="info-tip"
      onPointerEnter={(event) => event.pointerType === 'mouse' && setOpen(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setOpen(false)}
    >
      <button
        type="button"
        className="info-tip__button"
        aria-label={label}
        aria-describedby={tipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        // A tap focuses and clicks; opening (not toggling) keeps the tip up.
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span id={tipId} role="tooltip" className="info-tip__bubble" hidden={!open}>
        {children}
      </span>
    </span>
  )
}
