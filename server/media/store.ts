import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { MediaKind } from '../../contract/media.ts'
import { STORED_MEDIA_TYPES, type StoredMediaType, storedTypeByExt } from './media-types.ts'

// The media store (architecture: local disk by default). Files get generated
// names, `<uuid>.<ext>`, so a name is unguessable, never chosen by a client,
// and immutable; its extension decides the type it is served as.

export interface SaveMediaOptions {
  kind: MediaKind
  contentType: string
  ext: string
  /** For stores that keep object metadata; the disk store needs none (names are unguessable). */
  ownerUserId?: string
}

export interface SavedMedia {
  name: string
  /** Absolute public URL, e.g. https://app.example/media/<uuid>.mp4 */
  url: string
  /** Where the file lives on this machine. */
  path: string
  bytes: number
  type: StoredMediaType
}

export interface MediaStore {
  /** Stores a file (a local path is MOVED into the store) or bytes under a new name. */
  save(source: string | Uint8Array, options: SaveMediaOptions): Promise<SavedMedia>
  /** The local path behind one of our own media URLs (absolute or `/media/…`), or null. */
  resolveOwnUrl(url: string): string | null
  /** The public URL of a stored name. */
  publicUrl(name: string): string
  /** A stored file by name: its path and type, or null for a malformed name. Does not check existence. */
  locate(name: string): { path: string; type: StoredMediaType } | null
  /** A folder on the store's file system for uploads in flight (cheap moves into the store). */
  readonly incomingDir: string
}

export const MEDIA_PATH_PREFIX = '/media/'
const NAME_PATTERN = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${STORED_MEDIA_TYPES.map((t) => t.ext).join('|')})$`,
)

export interface LocalMediaStoreOptions {
  /** Folder holding the files (default data/media). */
  dir: string
  /** The origin users reach the app on; public URLs are built from it. */
  publicOrigin: string
  /** Further origins that serve the same /media (e.g. the dev server's proxy). */
  alsoOwnOrigins?: readonly string[]
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to)
  } catch (error) {
    if (!(error instanceof Error) || !('code' in error) || error.code !== 'EXDEV') throw error
    await copyFile(from, to)
    await rm(from, { force: true })
  }
}

export async function createLocalMediaStore(options: LocalMediaStoreOptions): Promise<MediaStore> {
  const dir = path.resolve(options.dir)
  const incomingDir = path.join(dir, '.incoming')
  await mkdir(incomingDir, { recursive: true })
  const publicOrigin = new URL(options.publicOrigin).origin
  const ownOrigins = new Set([publicOrigin, ...(options.alsoOwnOrigins ?? []).map((o) => new URL(o).origin)])

  const locate = (name: string): { path: string; type: StoredMediaType } | null => {
    const match = NAME_PATTERN.exec(name)
    const type = match?.[1] === undefined ? undefined : storedTypeByExt(match[1])
    return type === undefined ? null : { path: path.join(dir, name), type }
  }
  const publicUrl = (name: string): string => new URL(`${MEDIA_PATH_PREFIX}${name}`, publicOrigin).toString()

  return {
    incomingDir,
    locate,
    publicUrl,
    async save(source, { kind, contentType, ext }) {
      const type = storedTypeByExt(ext)
      if (type === undefined || type.kind !== kind || type.contentType !== contentType) {
        throw new TypeError(`The media store does not keep ${kind} as ${contentType} .${ext}`)
      }
      const name = `${randomUUID()}.${type.ext}`
      const target = path.join(dir, name)
      if (typeof source === 'string') await moveFile(source, target)
      else await writeFile(target, source, { flag: 'wx' })
      const { size } = await stat(target)
      return { name, url: publicUrl(name), path: target, bytes: size, type }
    },
    resolveOwnUrl(url) {
      let parsed: URL
      try {
        parsed = new URL(url, publicOrigin)
      } catch {
        return null
      }
      if (!ownOrigins.has(parsed.origin) || !parsed.pathname.startsWith(MEDIA_PATH_PREFIX)) return null
      const found = locate(parsed.pathname.slice(MEDIA_PATH_PREFIX.length))
      return found !== null && existsSync(found.path) ? found.path : null
    },
  }
}
