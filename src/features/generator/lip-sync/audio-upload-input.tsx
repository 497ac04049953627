import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { AUDIO_UPLOAD_TYPES } from '@contract/constants'
import { AUDIO_FORMAT_NAMES } from './media-checks'

interface AudioUploadInputProps {
  onFile: (file: File) => void
  disabled: boolean
  /** The id of the error shown under the form, when there is one. */
  errorId: string | undefined
}

/** spec §4 audio source "upload": one audio file, spec §5 types, up to 10 MB. */
export function AudioUploadInput({ onFile, disabled, errorId }: AudioUploadInputProps) {
  const id = useId()
  const formats = AUDIO_FORMAT_NAMES.join(', ')
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Audio file</Trans>
      </label>
      <input
        id={id}
        type="file"
        accept={[...AUDIO_UPLOAD_TYPES, ...AUDIO_FORMAT_NAMES.map((name) => `.${name}`)].join(',')}
        disabled={disabled}
        aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file !== undefined) onFile(file)
        }}
      />
      <p id={`${id}-hint`} className="hint">
        <Trans>Formats: {formats}; up to 10 MB.</Trans>
      </p>
    </div>
  )
}
