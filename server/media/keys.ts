import { randomUUID } from 'node:crypto'
import { STORED_MEDIA_TYPES, type StoredMediaType, storedTypeByExt } from './media-types.ts'

// Object keys of the media store: `<uuid v4>.<ext>`, generated here and never
// chosen by a client, so a key cannot be guessed (122 random bits) and its
// extension is the one source of its type. Job rows and records name stored
// media by reference, `/media/<key>`: a path without a signature, which the
// API turns into a signed link per answer (docs/decisions/0221).

export const MEDIA_PATH_PREFIX = '/media/'

const KEY_PATTERN = new RegExp(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${STORED_MEDIA_TYPES.map((t) => t.ext).join('|')})$`)

export interface MediaKey {
  key: string
  type: StoredMediaType
}

export function newMediaKey(type: StoredMediaType): string {
  return `${randomUUID()}.${type.ext}`
}

/** A well-formed key and its type, or null (path tricks, unknown extensions, anything else). */
export function parseMediaKey(key: string): MediaKey | null {
  const match = KEY_PATTERN.exec(key)
  const type = match?.[1] === undefined ? undefined : storedTypeByExt(match[1])
  return type === undefined ? null : { key, type }
}

/** The reference job rows keep for a stored object. */
export function mediaRef(key: string): string {
  return `${MEDIA_PATH_PREFIX}${key}`
}

/** The key of a reference (`/media/<key>`), or null for anything else (an outside URL). */
export function keyOfRef(ref: string): string | null {
  if (!ref.startsWith(MEDIA_PATH_PREFIX)) return null
  return parseMediaKey(ref.slice(MEDIA_PATH_PREFIX.length))?.key ?? null
}
