import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { AUDIO_URL_FORMAT_NAMES } from './media-checks'

interface AudioUrlFormProps {
  onLoad: (url: string) => void
  disabled: boolean
  errorId: string | undefined
}

/** spec §4 audio source "url": the server loads the address (docs/api.md, Media). */
export function AudioUrlForm({ onLoad, disabled, errorId }: AudioUrlFormProps) {
  const { t } = useLingui()
  const id = useId()
  const [url, setUrl] = useState('')
  const formats = AUDIO_URL_FORMAT_NAMES.join(', ')
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
      <div className="field">
        <label htmlFor={id}>
          <Trans>Audio URL</Trans>
        </label>
        <input
          id={id}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t`https://example.com/voice.mp3`}
          value={url}
          disabled={disabled}
          aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
          onChange={(event) => setUrl(event.target.value)}
        />
        <p id={`${id}-hint`} className="hint">
          <Trans>Supported formats: {formats}</Trans>
        </p>
      </div>
      <button type="submit" className="btn btn--small" disabled={disabled || url.trim() === ''}>
        <Trans>Load audio</Trans>
      </button>
    </form>
  )
}
