import { type ReactNode, useId } from 'react'

/** The attributes a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
}

interface FieldProps {
  label: ReactNode
  /** Shown under the control in red and announced; the control is marked invalid. */
  error?: ReactNode
  hint?: ReactNode
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

/**
 * A form row (`.field` in global.css): label, control, hint and error, wired by ids so
 * assistive technology reads the hint and error with the control.
 *
 * <Field label={t`Email`} error={error}>{(props) => <input type="email" {...props} />}</Field>
 */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
