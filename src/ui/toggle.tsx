import { Switch } from 'radix-ui'
import { type ReactNode, useId } from 'react'
import './toggle.css'

interface ToggleProps {
  label: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
  /** A line under the switch that describes it (its accessible description). */
  hint?: ReactNode
  /** Shown after the label, e.g. an info tip. */
  children?: ReactNode
}

/**
 * An on/off switch (Radix's `role="switch"`) named by its visible label, e.g.
 * 'Enhanced lip sync'; a click on the label flips it too.
 */
export function Toggle({ label, checked, onCheckedChange, disabled, hint, children }: ToggleProps) {
  const id = useId()
  return (
    <span className="toggle">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
        className="toggle__track"
      >
        <Switch.Thumb className="toggle__thumb" />
      </Switch.Root>
      <label id={`${id}-label`} htmlFor={id} className="toggle__label">
        {label}
      </label>
      {children}
      {hint !== undefined && (
        <span id={`${id}-hint`} className="toggle__hint hint">
          {hint}
        </span>
      )}
    </span>
  )
}
