import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'

/** A secret the server shows once (a new API key, a webhook signing secret): copy it, then Done forgets it. */
export function ShownOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const { t } = useLingui()
  const [copied, setCopied] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  // The secret is what the user came for: put them on it (a screen reader reads its label and the warning).
  useEffect(() => field.current?.focus(), [])
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div className="account-secret">
      <p id="account-secret-warning">
        <Trans>Copy it now: it will not be shown again.</Trans>
      </p>
      <label className="account-secret__label">
        <span>{label}</span>
        <input
          ref={field}
          className="account-secret__value"
          aria-describedby="account-secret-warning"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
        />
      </label>
      <div className="account-actions">
        <button type="button" className="btn" onClick={() => void copy()}>
          {copied ? t`Copied` : t`Copy`}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          <Trans>Done</Trans>
        </button>
      </div>
    </div>
  )
}
