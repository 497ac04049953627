/** The HTTP client and the contract's schemas: loaded with the first upload, not with the form (docs/decisions/0203). */
async function uploadCalls() {
  const [{ api }, { isHTTPError }, { apiErrorBodySchema }, media] = await Promise.all([import('@/api/http'), import('ky'), import('@contract/errors'), import('@contract/media')])
  return { api, isHTTPError, apiErrorBodySchema, media }
}

// spec §7 "Other calls": the multipart upload (file + upload_preset 'image')
// whose answer's secure_url the consistent-actor call sends as img_url.
// Nothing here throws: every ending is an outcome the form maps to a spec §8 key.

export type FaceUpload =
  | { kind: 'stored'; url: string }
  /** 415: the bytes are not JPEG, PNG or WebP (consistent_error.invalid_img). */
  | { kind: 'invalid_img' }
  /** 413: over 10 MB (consistent_error.file_too_large). */
  | { kind: 'file_too_large' }
  /** Anything else (consistent_error.error_occured). */
  | { kind: 'error_occured' }

/** An image may take longer than a JSON call on a slow phone connection. */
const UPLOAD_TIMEOUT_MS = 120_000

export async function uploadFaceImage(file: File): Promise<FaceUpload> {
  const body = new FormData()
  body.append('file', file)
  body.append('upload_preset', 'image')
  let calls: Awaited<ReturnType<typeof uploadCalls>>
  try {
    calls = await uploadCalls()
  } catch {
    // The code could not be loaded (offline): nothing was sent.
    return { kind: 'error_occured' }
  }
  const { api, isHTTPError, apiErrorBodySchema, media } = calls
  try {
    const answer: unknown = await api.post(media.MEDIA_UPLOAD_PATH.replace(/^\//, ''), { body, timeout: UPLOAD_TIMEOUT_MS }).json()
    const parsed = media.uploadResultSchema.safeParse(answer)
    return parsed.success ? { kind: 'stored', url: parsed.data.secure_url } : { kind: 'error_occured' }
  } catch (error) {
    if (!isHTTPError(error)) return { kind: 'error_occured' }
    const refusal = apiErrorBodySchema.safeParse(error.data)
    const code = refusal.success ? refusal.data.code : null
    if (error.response.status === 415 || code === 'invalid_file_type') return { kind: 'invalid_img' }
    if (error.response.status === 413 || code === 'file_too_large') return { kind: 'file_too_large' }
    return { kind: 'error_occured' }
  }
}
