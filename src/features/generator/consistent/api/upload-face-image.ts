import { postMultipart, type UploadHandlers } from '@/api/upload'
import { apiErrorBodySchema } from '@contract/errors'
import { MEDIA_UPLOAD_PATH, uploadResultSchema } from '@contract/media'

// spec §7 "Other calls": the multipart upload (file + upload_preset 'image')
// whose answer's secure_url the consistent-actor call sends as img_url. It
// reports progress, can be canceled and retries once (src/api/upload.ts).
// Nothing here throws: every ending is an outcome the form maps to a spec §8 key.

export type FaceUpload =
  | { kind: 'stored'; url: string }
  /** 415: the bytes are not JPEG, PNG or WebP (consistent_error.invalid_img). */
  | { kind: 'invalid_img' }
  /** 413: over 10 MB (consistent_error.file_too_large). */
  | { kind: 'file_too_large' }
  /** Anything else, also a connection lost twice (consistent_error.error_occured). */
  | { kind: 'error_occured' }
  /** The user canceled: nothing to say. */
  | { kind: 'canceled' }

export async function uploadFaceImage(file: File, handlers: UploadHandlers = {}): Promise<FaceUpload> {
  const answer = await postMultipart(MEDIA_UPLOAD_PATH.replace(/^\//, ''), { file, upload_preset: 'image' }, handlers)
  if (answer.kind === 'canceled') return { kind: 'canceled' }
  if (answer.kind === 'dropped') return { kind: 'error_occured' }
  if (answer.status >= 200 && answer.status < 300) {
    const parsed = uploadResultSchema.safeParse(answer.body)
    return parsed.success ? { kind: 'stored', url: parsed.data.secure_url } : { kind: 'error_occured' }
  }
  const refusal = apiErrorBodySchema.safeParse(answer.body)
  const code = refusal.success ? refusal.data.code : null
  if (answer.status === 415 || code === 'invalid_file_type') return { kind: 'invalid_img' }
  if (answer.status === 413 || code === 'file_too_large') return { kind: 'file_too_large' }
  return { kind: 'error_occured' }
}
