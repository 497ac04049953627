import type { ReactNode } from 'react'

/**
 * spec §8: "Errors show as red text under the form". The alert region is always
 * in the page so screen readers announce text that appears in it.
 */
export function FailureMessage({ text, children }: { text: string | null; children?: ReactNode }) {
  return (
    <div role="alert" className="auth__feedback">
      {text && <p className="field-error">{text}</p>}
      {text && children}
    </div>
  )
}

/** A success line (green), announced politely. */
export function SuccessMessage({ children }: { children: ReactNode }) {
  return <output className="form-success auth__status">{children}</output>
}
