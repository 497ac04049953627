import { type ReactNode, useId } from 'react'
import './toggle.css'

interface ToggleProps {
  label: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
}

/** An on/off switch (`role="switch"`) with a visible label, e.g. 'enhanced lipsync'. */
export function Toggle({ label, checked, onCheckedChange, disabled }: ToggleProps) {
  const labelId = useId()
  return (
    <span className="toggle">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        disabled={disabled}
        className="toggle__track"
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="toggle__thumb" aria-hidden="true" />
      </button>
      <span id={labelId} className="toggle__label">
        {label}
      </span>
    </span>
  )
}
