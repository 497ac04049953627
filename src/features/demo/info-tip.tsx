import { Tooltip } from 'radix-ui'
import { type ReactNode, useState } from 'react'

interface InfoTipProps {
  /** Accessible name of the info button, e.g. "About enhanced lip sync". */
  label: string
  children: ReactNode
}

/**
 * A small "i" button whose tip shows on hover, focus and tap, and is its
 * accessible description while shown. Radix's tooltip gives hover, focus,
 * Escape, pressing outside and a tip that stays up while the pointer is over it
 * (WCAG 1.4.13); a tooltip alone never opens on touch, so a tap opens it too.
 */
export function InfoTip({ label, children }: InfoTipProps) {
  const [open, setOpen] = useState(false)
  return (
    <Tooltip.Provider delayDuration={0}>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <span className="info-tip">
          <Tooltip.Trigger
            type="button"
            className="info-tip__button"
            aria-label={label}
            onClick={(event) => {
              // Radix closes a tooltip on click; a tap (which also focuses) opens it instead.
              event.preventDefault()
              setOpen(true)
            }}
          >
            <span aria-hidden="true">i</span>
          </Tooltip.Trigger>
        </span>
        <Tooltip.Portal>
          <Tooltip.Content className="info-tip__bubble" side="bottom" align="start" sideOffset={8} collisionPadding={12}>
            {children}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  )
}
