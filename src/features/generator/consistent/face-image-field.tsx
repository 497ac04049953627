import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { FileCard } from '@/ui/file-card'
import { FileDrop } from '@/ui/file-drop'
import { ImageIcon } from '@/ui/icons'
import { RemoveButton } from '@/ui/remove-button'
import { useFileMeta } from '../file-meta'
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

/** spec §2/§5 consistent actor: the face image's drop zone with its hint, then its card (preview, name, size, status). */
export function FaceImageField({ image, upload, error, onPick, onRemove, disabled }: FaceImageFieldProps) {
  const { t } = useLingui()
  const id = useId()
  const meta = useFileMeta()
  const [pixels, setPixels] = useState<{ width: number; height: number } | undefined>(undefined)
  return (
    <div className="composer-field">
      {image.status === 'empty' ? (
        <FileDrop
          label={<Trans>Face image</Trans>}
          // spec §5: the hint's wording.
          hint={<Trans>jpg, jpeg, png, webp up to 10MB</Trans>}
          prompt={<Trans>Tap to choose a photo, or drop it here</Trans>}
          accept={FACE_IMAGE_ACCEPT}
          icon={<ImageIcon size={20} />}
          onFile={onPick}
          disabled={disabled}
          invalid={error !== null}
          describedBy={error === null ? undefined : `${id}-error`}
        />
      ) : (
        <FileCard
          thumb={
            <img
              src={image.previewUrl}
              alt={t`Face image preview: ${image.name}`}
              onLoad={(event) => setPixels({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            />
          }
          name={image.name}
          meta={meta({ bytes: image.sizeBytes, pixels })}
          action={image.status === 'ready' && <RemoveButton label={t`Remove image`} onClick={onRemove} />}
        >
          {image.status === 'uploading' ? (
            upload !== null && <UploadProgressView label={t`Uploading the image…`} state={upload} onCancel={onRemove} />
          ) : (
            <output className="file-card__ready">
              <Trans>Ready</Trans>
            </output>
          )}
        </FileCard>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
