import { useEffect, useRef, useState } from 'react'
import { useUpload } from '../use-upload'
import type { FaceUpload, uploadFaceImage as uploadFaceImageNow } from './api/upload-face-image'

// The upload and its schemas (with the HTTP client) load with the first face image, not with the form (docs/decisions/0203).
const uploadFaceImage: typeof uploadFaceImageNow = (...args) =>
  import('./api/upload-face-image').then(
    (api) => api.uploadFaceImage(...args),
    (): FaceUpload => ({ kind: 'error_occured' }),
  )
import { faceImageRefusal } from './face-image-checks'

export type FaceImageError = 'invalid_img' | 'file_too_large' | 'error_occured' | 'signin_error'

export type FaceImage =
  | { status: 'empty' }
  /** Shown from the device at once (spec §2 preview) while it uploads. */
  | { status: 'uploading'; name: string; previewUrl: string; sizeBytes: number }
  /** Uploaded; a running job's image shown after a reload has no known size (docs/decisions/0136). */
  | { status: 'ready'; name: string; previewUrl: string; imageUrl: string; sizeBytes: number | undefined }

/**
 * The consistent actor's face image (spec §5): checked on the device, shown as
 * a preview, uploaded at once so Generate only waits for the job. A newer pick
 * wins over an older upload still on its way.
 */
export function useFaceImage({ canUpload }: { canUpload: boolean }) {
  const [image, setImage] = useState<FaceImage>({ status: 'empty' })
  const [error, setError] = useState<FaceImageError | null>(null)
  const latest = useRef(0)
  const { upload, begin, end, cancel } = useUpload()
  const previewUrl = image.status === 'empty' ? null : image.previewUrl

  // The preview's object URL holds the file in memory until it is let go.
  useEffect(() => {
    if (previewUrl === null || !previewUrl.startsWith('blob:')) return
    return () => URL.revokeObjectURL(previewUrl)
  }, [previewUrl])

  const pick = (file: File) => {
    const attempt = ++latest.current
    const refusal = faceImageRefusal(file)
    if (refusal !== null) {
      setError(refusal)
      setImage({ status: 'empty' })
      return
    }
    // spec §6: uploads need a signed-in user's token.
    if (!canUpload) {
      setError('signin_error')
      setImage({ status: 'empty' })
      return
    }
    setError(null)
    const preview = URL.createObjectURL(file)
    setImage({ status: 'uploading', name: file.name, previewUrl: preview, sizeBytes: file.size })
    void uploadFaceImage(file, begin()).then((outcome) => {
      if (attempt !== latest.current) return
      end()
      if (outcome.kind === 'stored') {
        setImage({ status: 'ready', name: file.name, previewUrl: preview, imageUrl: outcome.url, sizeBytes: file.size })
        return
      }
      if (outcome.kind !== 'canceled') setError(outcome.kind)
      setImage({ status: 'empty' })
    })
  }

  /** Removes the image, stopping its upload if it is still on its way (Cancel does the same). */
  const remove = () => {
    latest.current++
    cancel()
    setError(null)
    setImage({ status: 'empty' })
  }

  /** Shows an image already stored, e.g. a running job's (docs/decisions/0136). */
  const adopt = (name: string, imageUrl: string) => {
    latest.current++
    cancel()
    setError(null)
    setImage({ status: 'ready', name, previewUrl: imageUrl, imageUrl, sizeBytes: undefined })
  }

  return { image, upload, error, pick, remove, adopt }
}
