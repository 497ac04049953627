import { useLingui } from '@lingui/react/macro'

/** A busy indicator with an accessible name ("Loading" unless told otherwise). */
export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui()
  return <output className="spinner" aria-label={label ?? t`Loading`} />
}
