import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { newMediaKey, parseMediaKey } from './keys.ts'
import type { StoredMediaType } from './media-types.ts'

// The media store: objects by key (server/media/keys.ts), read and written as
// streams, never handed out as file paths. Two implementations: the local
// disk (the embedded default, below) and Cloud Storage (./cloud-store.ts) for
// several instances (docs/decisions/0220). Who may read an object is not the
// store's business: server/media/serve.ts and ./catalog.ts decide that.

export interface StoredObject {
  key: string
  bytes: number
  type: StoredMediaType
}

export interface ObjectInfo {
  bytes: number
  type: StoredMediaType
  updatedAt: Date
}

/** Inclusive byte positions, as in an HTTP range. */
export interface ByteSpan {
  start: number
  end: number
}

/** A stored object as a local file, for tools that need a path (ffmpeg). */
export interface LocalCopy {
  file: string
  /** Removes the copy (the disk store hands out the object itself: nothing to remove). */
  release(): Promise<void>
}

export interface MediaStore {
  readonly kind: 'disk' | 'cloud'
  /** A folder for files on their way into the store (uploads in flight, downloads); the caller removes its own. */
  readonly tempDir: string
  /** Streams bytes into the store under a new key; nothing is kept when the stream fails. */
  put(source: Readable, type: StoredMediaType): Promise<StoredObject>
  /** Moves a finished local file into the store under a new key (the file is gone afterwards). */
  putFile(file: string, type: StoredMediaType): Promise<StoredObject>
  /** Size, type and time of an object; null when there is none or the key is not one of ours. */
  stat(key: string): Promise<ObjectInfo | null>
  /**
   * The object's bytes, or a span of them, read once the stream is first read.
   * Destroying the stream at any moment (before the first byte, mid-way) stops
   * the read and releases what it holds, without an error (docs/decisions/0226).
   */
  read(key: string, span?: ByteSpan): Readable
  /** The object as a local file until release(). */
  materialise(key: string, signal?: AbortSignal): Promise<LocalCopy>
  /** Removes an object; removing a missing one is no error. */
  delete(key: string): Promise<void>
}

export class UnknownMediaKeyError extends Error {
  override name = 'UnknownMediaKeyError'
}

export function typeOfKey(key: string): StoredMediaType {
  const parsed = parseMediaKey(key)
  if (parsed === null) throw new UnknownMediaKeyError(`Not a media key: ${key.slice(0, 80)}`)
  return parsed.type
}

/** Files on their way into the store are gone within minutes; anything older was left by a process that died. */
const STALE_TEMP_MS = 6 * 60 * 60 * 1000

/**
 * Removes what dead processes left in a temp folder. Only old entries: other
 * instances on this machine may share the folder and be uploading right now.
 */
export async function removeStaleTempFiles(dir: string, now = Date.now()): Promise<number> {
  let removed = 0
  for (const entry of await readdir(dir).catch(() => [])) {
    const full = path.join(dir, entry)
    const info = await stat(full).catch(() => null)
    if (info === null || now - info.mtimeMs < STALE_TEMP_MS) continue
    await rm(full, { recursive: true, force: true })
    removed += 1
  }
  return removed
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

/** The embedded default: files in one folder (data/media), named by their keys. */
export async function createDiskMediaStore(options: { dir: string }): Promise<MediaStore> {
  const dir = path.resolve(options.dir)
  const tempDir = path.join(dir, '.incoming')
  await mkdir(tempDir, { recursive: true })
  await removeStaleTempFiles(tempDir)
  const fileOf = (key: string): string => {
    typeOfKey(key)
    return path.join(dir, key)
  }

  return {
    kind: 'disk',
    tempDir,
    async put(source, type) {
      const key = newMediaKey(type)
      const target = path.join(dir, key)
      try {
        await pipeline(source, createWriteStream(target, { flags: 'wx' }))
      } catch (error) {
        await rm(target, { force: true })
        throw error
      }
      return { key, bytes: (await stat(target)).size, type }
    },
    async putFile(file, type) {
      const key = newMediaKey(type)
      const target = path.join(dir, key)
      await moveFile(file, target)
      return { key, bytes: (await stat(target)).size, type }
    },
    async stat(key) {
      const parsed = parseMediaKey(key)
      if (parsed === null) return null
      const info = await stat(path.join(dir, key)).catch(() => null)
      return info?.isFile() === true ? { bytes: info.size, type: parsed.type, updatedAt: info.mtime } : null
    },
    read(key, span) {
      return createReadStream(fileOf(key), span === undefined ? {} : { start: span.start, end: span.end })
    },
    async materialise(key) {
      const file = fileOf(key)
      if ((await stat(file).catch(() => null)) === null) throw new UnknownMediaKeyError(`No stored object ${key}`)
      return { file, release: async () => {} }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
  }
}
