import type { UploadPreset } from '@contract/media'

// spec §7 "Other calls": the multipart upload (file + upload_preset) whose
// answer's secure_url the form keeps, and the audio URL load, which our server
// performs (docs/api.md, Media: the CSP allows only this origin). Nothing here
// throws: every ending is an outcome the form maps to its spec §8 message.

/** A file the server stored, as the lip-sync form uses it. */
export interface StoredMedia {
  url: string
  bytes: number
  /** Seconds; the server measures audio and video (absent if it could not). */
  durationSeconds: number | undefined
}

export type StoreOutcome =
  | { kind: 'stored'; media: StoredMedia }
  /** 415: the bytes are not an allowed type (spec §8 invalid type messages). */
  | { kind: 'invalid_type' }
  /** 413: over the cap (spec §9 10 MB). */
  | { kind: 'too_large' }
  /** 400 url_not_allowed: not a public http(s) address (quality.md). */
  | { kind: 'url_not_allowed' }
  | { kind: 'failed' }

/** Uploads and URL loads may take longer than a JSON call (a 100 MB video, a 30 s remote fetch). */
const MEDIA_TIMEOUT_MS = 120_000

function stripSlash(path: string): string {
  return path.replace(/^\//, '')
}

/** The HTTP client and the contract's schemas: loaded with the first upload, not with the step (docs/decisions/0203). */
async function mediaCalls() {
  const [{ api }, { isHTTPError }, { apiErrorBodySchema }, media] = await Promise.all([import('@/api/http'), import('ky'), import('@contract/errors'), import('@contract/media')])
  return { api, isHTTPError, apiErrorBodySchema, media }
}
type MediaCalls = Awaited<ReturnType<typeof mediaCalls>>

async function outcomeOf(call: (calls: MediaCalls) => Promise<unknown>): Promise<StoreOutcome> {
  let calls: MediaCalls
  try {
    calls = await mediaCalls()
  } catch {
    // The code could not be loaded (offline): nothing was sent.
    return { kind: 'failed' }
  }
  const { isHTTPError, apiErrorBodySchema, media } = calls
  try {
    const parsed = media.uploadResultSchema.safeParse(await call(calls))
    if (!parsed.success) return { kind: 'failed' }
    const { secure_url: url, bytes, duration } = parsed.data
    return { kind: 'stored', media: { url, bytes, durationSeconds: duration } }
  } catch (error) {
    if (!isHTTPError(error)) return { kind: 'failed' }
    const body = apiErrorBodySchema.safeParse(error.data)
    const code = body.success ? body.data.code : null
    if (error.response.status === 415 || code === 'invalid_file_type') return { kind: 'invalid_type' }
    if (error.response.status === 413 || code === 'file_too_large') return { kind: 'too_large' }
    if (code === 'url_not_allowed') return { kind: 'url_not_allowed' }
    return { kind: 'failed' }
  }
}

/** POST api/media/v1/upload with `file` and `upload_preset` (docs/operations/media.md). */
export function uploadMedia(file: File, preset: Extract<UploadPreset, 'audio' | 'video'>): Promise<StoreOutcome> {
  const body = new FormData()
  body.append('file', file)
  body.append('upload_preset', preset)
  return outcomeOf(({ api, media }) => api.post(stripSlash(media.MEDIA_UPLOAD_PATH), { body, timeout: MEDIA_TIMEOUT_MS }).json())
}

/** POST api/media/v1/fetch: the server downloads the user's audio URL and stores it like an upload. */
export function fetchAudioFromUrl(url: string): Promise<StoreOutcome> {
  const json = { url, upload_preset: 'audio' }
  return outcomeOf(({ api, media }) => api.post(stripSlash(media.MEDIA_FETCH_PATH), { json, timeout: MEDIA_TIMEOUT_MS }).json())
}
