import type { MediaKind } from '../../contract/media.ts'
import { ApiError } from '../http/errors.ts'
import { maxBytesFor } from '../media/media-types.ts'
import { RemoteFetchError } from '../media/fetch-remote.ts'
import { UploadRejectedError } from '../media/upload.ts'

// The answers for a refused upload, in the spec's words where it has them (§8).

const FORMATS: Record<MediaKind, string> = {
  audio: 'mp3, ogg, wav, m4a, aac, flac, webm',
  video: 'mp4, mov, webm, m4v',
  image: 'jpg, jpeg, png, webp',
}

export function invalidTypeMessage(kind: MediaKind | null): string {
  if (kind === 'video') return `Invalid file type. Please upload a video file in one of the following formats: ${FORMATS.video}`
  const formats = kind === null ? Object.values(FORMATS).join('; ') : FORMATS[kind]
  return `Invalid file type. Please upload a file with one of the following formats: ${formats}`
}

export function tooLargeMessage(kind: MediaKind | null): string {
  const megabytes = Math.round(maxBytesFor(kind ?? 'audio') / (1024 * 1024))
  return kind === 'video'
    ? `File is too large. Please upload a video smaller than ${megabytes}MB.`
    : `File is too large. Please upload a file smaller than ${megabytes}MB.`
}

/** Maps a refused upload to the API's `{ message, code }` answer. */
export function uploadApiError(error: unknown): unknown {
  if (!(error instanceof UploadRejectedError)) return error
  if (error.problem === 'too_large') return new ApiError(413, 'file_too_large', tooLargeMessage(error.kind))
  if (error.problem === 'invalid_type') return new ApiError(415, 'invalid_file_type', invalidTypeMessage(error.kind))
  // Nobody reads this answer (the client is gone); the route logs the abort at info.
  if (error.problem === 'aborted') return new ApiError(400, 'validation_failed', error.message)
  return new ApiError(400, 'validation_failed', error.message)
}

/** Maps a refused media URL (fetch-remote.ts; an audio URL unless `kind` says otherwise) to the API's answer; other errors pass through. */
export function remoteFetchApiError(error: unknown, kind: MediaKind = 'audio'): unknown {
  if (!(error instanceof RemoteFetchError)) return error
  const unsupported = 'Unsupported file type or URL. Please upload a file in one of the supported formats listed below.'
  switch (error.problem) {
    case 'url_not_allowed':
      return new ApiError(400, 'url_not_allowed', `${unsupported} (${error.message})`)
    case 'invalid_type':
      return new ApiError(415, 'invalid_file_type', unsupported)
    case 'too_large':
      return new ApiError(413, 'file_too_large', tooLargeMessage(kind))
    default:
      return new ApiError(502, 'upstream_failed', error.message)
  }
}
