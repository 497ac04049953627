import { Trans } from '@lingui/react/macro'
import { AUDIO_UPLOAD_TYPES } from '@contract/constants'
import { FileDrop } from '@/ui/file-drop'
import { MusicIcon } from '@/ui/icons'
import { AUDIO_FORMAT_NAMES } from './media-checks'

interface AudioUploadInputProps {
  onFile: (file: File) => void
  disabled: boolean
  /** The id of the error shown under the field, when there is one. */
  errorId: string | undefined
}

/** spec §4 audio source "upload": one audio file, spec §5 types, up to 10 MB, by tap or drop. */
export function AudioUploadInput({ onFile, disabled, errorId }: AudioUploadInputProps) {
  const formats = AUDIO_FORMAT_NAMES.join(', ')
  return (
    <FileDrop
      label={<Trans>Audio file</Trans>}
      hint={<Trans>Formats: {formats}; up to 10 MB.</Trans>}
      prompt={<Trans>Tap to choose a file, or drop it here</Trans>}
      accept={[...AUDIO_UPLOAD_TYPES, ...AUDIO_FORMAT_NAMES.map((name) => `.${name}`)].join(',')}
      icon={<MusicIcon size={20} />}
      onFile={onFile}
      disabled={disabled}
      invalid={errorId !== undefined}
      describedBy={errorId}
    />
  )
}
