import { isHTTPError } from 'ky'
import { api } from '@/api/http'
import { postMultipart, type UploadAnswer, type UploadHandlers } from '@/api/upload'
import { apiErrorBodySchema } from '@contract/errors'
import { MEDIA_FETCH_PATH, MEDIA_UPLOAD_PATH, type UploadPreset, uploadResultSchema } from '@contract/media'

// spec §7 "Other calls": the multipart upload (file + upload_preset) whose
// answer's secure_url the form keeps, and the audio URL load, which our server
// performs (docs/api.md, Media: the CSP allows only this origin). Uploads report
// their progress, can be canceled and retry once after a dropped connection
// (src/api/upload.ts). Nothing here throws: every ending is an outcome the form
// maps to its spec §8 message.

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
  /** 400 url_not_allowed: not a public http(s) address (docs/quality.md). */
  | { kind: 'url_not_allowed' }
  /** 502 upstream_failed: the address gave no file (no answer, an HTTP error, too slow). */
  | { kind: 'upstream_failed' }
  /** The user canceled the upload: nothing to say. */
  | { kind: 'canceled' }
  | { kind: 'failed' }

/** A URL load may take longer than a JSON call (the server's own 30 s remote fetch, then storing). */
const MEDIA_TIMEOUT_MS = 120_000

function stripSlash(path: string): string {
  return path.replace(/^\//, '')
}

function storedOf(body: unknown): StoreOutcome {
  const parsed = uploadResultSchema.safeParse(body)
  if (!parsed.success) return { kind: 'failed' }
  const { secure_url: url, bytes, duration } = parsed.data
  return { kind: 'stored', media: { url, bytes, durationSeconds: duration } }
}

function refusedOf(status: number, body: unknown): StoreOutcome {
  const parsed = apiErrorBodySchema.safeParse(body)
  const code = parsed.success ? parsed.data.code : null
  if (status === 415 || code === 'invalid_file_type') return { kind: 'invalid_type' }
  if (status === 413 || code === 'file_too_large') return { kind: 'too_large' }
  if (code === 'url_not_allowed') return { kind: 'url_not_allowed' }
  if (code === 'upstream_failed') return { kind: 'upstream_failed' }
  return { kind: 'failed' }
}

/** An upload's ending as the form sees it. */
export function uploadOutcomeOf(answer: UploadAnswer): StoreOutcome {
  if (answer.kind === 'canceled') return { kind: 'canceled' }
  if (answer.kind === 'dropped') return { kind: 'failed' }
  return answer.status >= 200 && answer.status < 300 ? storedOf(answer.body) : refusedOf(answer.status, answer.body)
}

/** POST api/media/v1/upload with `file` and `upload_preset` (docs/operations/media.md). */
export async function uploadMedia(file: File, preset: Extract<UploadPreset, 'audio' | 'video'>, handlers: UploadHandlers = {}): Promise<StoreOutcome> {
  return uploadOutcomeOf(await postMultipart(stripSlash(MEDIA_UPLOAD_PATH), { file, upload_preset: preset }, handlers))
}

/** POST api/media/v1/fetch: the server downloads the user's audio URL and stores it like an upload. */
export async function fetchAudioFromUrl(url: string): Promise<StoreOutcome> {
  const json = { url, upload_preset: 'audio' }
  try {
    return storedOf(await api.post(stripSlash(MEDIA_FETCH_PATH), { json, timeout: MEDIA_TIMEOUT_MS }).json())
  } catch (error) {
    return isHTTPError(error) ? refusedOf(error.response.status, error.data) : { kind: 'failed' }
  }
}
