import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { AUDIO_URL_FORMAT_NAMES } from './media-checks'

interface AudioUrlFormProps {
  onLoad: (url: string) => void
  disabled: boolean
  errorId: string | undefined
  /** The formats under the field; hidden while the refusal under it lists them. */
  showFormats: boolean
}

/** spec §4 audio source "url": the server loads the address (docs/api.md, Media). */
export function AudioUrlForm({ onLoad, disabled, errorId, showFormats }: AudioUrlFormProps) {
  const { t } = useLingui()
  const id = useId()
  const [url, setUrl] = useState('')
  const formats = AUDIO_URL_FORMAT_NAMES.join(', ')
  const hintId = showFormats ? `${id}-hint` : undefined
  return (
    <form
      className="lip-sync__url-form"
      // Our own check gives the spec §8 message; the browser's would not.
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onLoad(url)
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        <Trans>Audio URL</Trans>
      </label>
      <div className="lip-sync__url-row">
        <input
          id={id}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t`https://example.com/voice.mp3`}
          value={url}
          disabled={disabled}
          aria-invalid={errorId !== undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        <button type="submit" className="btn" disabled={disabled || url.trim() === ''}>
          <Trans>Load audio</Trans>
        </button>
      </div>
      {showFormats && (
        <p id={hintId} className="hint">
          <Trans>Supported formats: {formats}</Trans>
        </p>
      )}
    </form>
  )
}
