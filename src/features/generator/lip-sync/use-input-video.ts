import { useCallback, useRef, useState } from 'react'
import { type UploadState, useUpload } from '../use-upload'
import type { StoreOutcome, uploadMedia as uploadMediaNow } from './api/store-media'

// The upload and its schemas (with the HTTP client) load with the first file, not with the step (docs/decisions/0203).
const uploadMedia: typeof uploadMediaNow = (...args) =>
  import('./api/store-media').then(
    (api) => api.uploadMedia(...args),
    (): StoreOutcome => ({ kind: 'failed' }),
  )
import { checkVideoFile } from './media-checks'

// The lip-sync input video (spec §2): the generated or `?video=` one, or an
// upload; removable. spec §8: "A video that fails to load is cleared."

export interface InputVideo {
  url: string
  /** The uploaded file's name; undefined for the generated or preloaded video. */
  name: string | undefined
  /** The uploaded file's size; undefined where it is not known (a generated video). */
  sizeBytes?: number
}

export type VideoRefusal = 'invalid_type' | 'too_large' | 'upload_failed'

export interface InputVideoState {
  video: InputVideo | null
  uploading: boolean
  /** The name of the file on its way. */
  uploadingName: string
  /** The upload on its way, with its progress (null while none runs). */
  upload: UploadState | null
  /** Stops the upload on its way; the picker comes back. */
  cancelUpload(): void
  refusal: VideoRefusal | null
  chooseFile(file: File): Promise<void>
  remove(): void
  /** The player could not load the video: clear it (spec §8). */
  failedToLoad(): void
  /** Shows a video already stored, e.g. a running job's (docs/decisions/0136). */
  adopt(video: InputVideo): void
}

export function useInputVideo(initialVideoUrl: string | undefined): InputVideoState {
  const [video, setVideo] = useState<InputVideo | null>(initialVideoUrl === undefined ? null : { url: initialVideoUrl, name: undefined })
  const [uploading, setUploading] = useState(false)
  const [uploadingName, setUploadingName] = useState('')
  const [refusal, setRefusal] = useState<VideoRefusal | null>(null)
  const [offered, setOffered] = useState(initialVideoUrl)
  const latest = useRef(0)
  const { upload, begin, end, cancel } = useUpload()

  // A video finished in step 1 while this form is open fills an empty input only: it never
  // replaces a video the user has here or is uploading (docs/decisions/0133).
  if (initialVideoUrl !== offered) {
    setOffered(initialVideoUrl)
    if (initialVideoUrl !== undefined && video === null && !uploading) {
      setVideo({ url: initialVideoUrl, name: undefined })
      setRefusal(null)
    }
  }

  const chooseFile = useCallback(
    async (file: File) => {
      const ticket = ++latest.current
      const refused = checkVideoFile(file)
      if (refused !== null) {
        setRefusal(refused)
        return
      }
      setUploading(true)
      setUploadingName(file.name)
      setRefusal(null)
      const outcome = await uploadMedia(file, 'video', begin())
      if (ticket !== latest.current) return
      setUploading(false)
      end()
      if (outcome.kind === 'stored') setVideo({ url: outcome.media.url, name: file.name, sizeBytes: file.size })
      else if (outcome.kind !== 'canceled') setRefusal(outcome.kind === 'invalid_type' || outcome.kind === 'too_large' ? outcome.kind : 'upload_failed')
    },
    [begin, end],
  )

  const remove = useCallback(() => {
    latest.current += 1
    cancel()
    setUploading(false)
    setVideo(null)
    setRefusal(null)
  }, [cancel])

  const cancelUpload = useCallback(() => {
    latest.current += 1
    cancel()
    setUploading(false)
  }, [cancel])

  const failedToLoad = useCallback(() => setVideo(null), [])

  const adopt = useCallback(
    (next: InputVideo) => {
      latest.current += 1
      cancel()
      setUploading(false)
      setRefusal(null)
      setVideo(next)
    },
    [cancel],
  )

  return { video, uploading, uploadingName, upload, cancelUpload, refusal, chooseFile, remove, failedToLoad, adopt }
}
