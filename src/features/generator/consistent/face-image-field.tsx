import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { ImageIcon } from '@/ui/icons'
import { UploadProgressView } from '../upload-progress'
import type { UploadState } from '../use-upload'
import { FACE_IMAGE_ACCEPT } from './face-image-checks'
import type { FaceImage } from './use-face-image'

interface FaceImageFieldProps {
  image: FaceImage
  /** The image's upload on its way, with its progress. */
  upload: UploadState | null
  /** The field's own error text (spec §8 image_required, invalid_img, file_too_large, error_occured). */
  error: string | null
  onPick: (file: File) => void
  onRemove: () => void
  /** While the session boots the upload has no token yet: the picker waits. */
  disabled: boolean
}

/** spec §2/§5 consistent actor: face image upload with its hint and a preview. */
export function FaceImageField({ image, upload, error, onPick, onRemove, disabled }: FaceImageFieldProps) {
  const { t } = useLingui()
  const id = useId()
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="field face-image">
      <label htmlFor={`${id}-file`}>
        <Trans>Face image</Trans>
      </label>
      <div className="face-image__drop">
        <ImageIcon size={22} />
        <input
          id={`${id}-file`}
          type="file"
          accept={FACE_IMAGE_ACCEPT}
          disabled={disabled}
          aria-invalid={error !== null}
          aria-describedby={describedBy}
          onChange={(event) => {
            const file = event.target.files?.[0]
            // Cleared so picking the same file again still reports a change.
            event.target.value = ''
            if (file) onPick(file)
          }}
        />
      </div>
      <span id={`${id}-hint`} className="hint">
        {/* spec §5: the hint's wording. */}
        <Trans>jpg, jpeg, png, webp up to 10MB</Trans>
      </span>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
      {image.status !== 'empty' && (
        <div className="face-image__preview">
          <img src={image.previewUrl} alt={t`Face image preview: ${image.name}`} />
          <div className="face-image__meta">
            <span className="face-image__name">{image.name}</span>
            {image.status === 'uploading' ? (
              upload !== null && <UploadProgressView label={t`Uploading the image…`} state={upload} onCancel={onRemove} />
            ) : (
              <>
                <output className="hint">
                  <Trans>Ready</Trans>
                </output>
                <button type="button" className="btn btn--small" onClick={onRemove}>
                  <Trans>Remove image</Trans>
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
