import { AUDIO_UPLOAD_TYPES, AUDIO_URL_TYPES, MAX_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES, VIDEO_UPLOAD_TYPES } from '@contract/constants'

// spec §5 lip sync: which files and URLs the form takes before anything is
// uploaded. The server checks the bytes again (docs/operations/media.md); these
// checks give the spec §8 messages at once and spare a useless upload.

export type FileRefusal = 'invalid_type' | 'too_large'

/** spec §9: the audio formats named to the user. */
export const AUDIO_FORMAT_NAMES = ['mp3', 'ogg', 'wav', 'm4a', 'aac'] as const
/** spec §5 audio URL types as the user reads them (subtype names). */
export const AUDIO_URL_FORMAT_NAMES = AUDIO_URL_TYPES.map((type) => type.slice(type.indexOf('/') + 1))

/** Some systems give files no MIME type; then the extension decides. */
const AUDIO_EXTENSIONS = ['mp3', 'ogg', 'oga', 'wav', 'm4a', 'aac', 'weba', 'webm']
const VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm', 'm4v']

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

function typeAllowed(file: File, types: readonly string[], extensions: readonly string[]): boolean {
  const type = file.type.toLowerCase().split(';')[0]?.trim() ?? ''
  if (type !== '') return types.includes(type)
  return extensions.includes(extensionOf(file.name))
}

/** spec §5: audio upload types, at most 10 MB (§9). */
export function checkAudioFile(file: File): FileRefusal | null {
  if (!typeAllowed(file, AUDIO_UPLOAD_TYPES, AUDIO_EXTENSIONS)) return 'invalid_type'
  if (file.size > MAX_UPLOAD_BYTES) return 'too_large'
  return null
}

/** spec §5: video upload types (mp4, quicktime, webm, x-m4v); our own size cap (decision 0080). */
export function checkVideoFile(file: File): FileRefusal | null {
  if (!typeAllowed(file, VIDEO_UPLOAD_TYPES, VIDEO_EXTENSIONS)) return 'invalid_type'
  if (file.size > MAX_VIDEO_UPLOAD_BYTES) return 'too_large'
  return null
}

/** The trimmed URL when it is an absolute http(s) address (the server judges its type), else null. */
export function audioUrlToFetch(raw: string): string | null {
  const candidate = raw.trim()
  if (!URL.canParse(candidate)) return null
  const url = new URL(candidate)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
}

/** File sizes are shown in MB with two decimals (spec §2 file card: "size in MB"). */
export function sizeInMegabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100
}
