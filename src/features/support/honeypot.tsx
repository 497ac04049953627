import { useLingui } from '@lingui/react/macro'

interface HoneypotProps {
  value: string
  onChange: (value: string) => void
}

/**
 * A field only bots fill in (docs/quality.md: anonymous forms have a honeypot).
 * `display: none` hides it from people and assistive technology alike; the
 * server rejects a submission that carries it (decision 0032).
 */
export function Honeypot({ value, onChange }: HoneypotProps) {
  const { t } = useLingui()
  return (
    <div className="support-honeypot">
      <label htmlFor="support-website">{t`Leave this field empty`}</label>
      <input
        id="support-website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
