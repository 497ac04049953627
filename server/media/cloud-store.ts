import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Bucket } from '@google-cloud/storage'
import { cloudObjectReader } from './cloud-read.ts'
import { newMediaKey, parseMediaKey } from './keys.ts'
import { removeStaleTempFiles, typeOfKey, type ByteSpan, type MediaStore, type StoredObject } from './store.ts'
import type { StoredMediaType } from './media-types.ts'

// The media store on Cloud Storage (docs/decisions/0220), through the Google
// Cloud client that firebase-admin/storage wraps, loaded only when this store
// is configured. Objects are private (no public ACL, no Firebase download
// token): only this server reads them, with its service account, and hands
// them to browsers and the generation provider itself (server/media/serve.ts).
// Reads do not use the library's read stream (./cloud-read.ts says why).
// Locally and in tests it talks to the Firebase Storage emulator.

export interface CloudMediaStoreOptions {
  bucket: string
  projectId: string
  /** host:port of the Firebase Storage emulator; null for Google's service (application default credentials). */
  emulatorHost: string | null
}

/** Every object lives under this prefix; nothing else of the bucket is ours to touch. */
const OBJECT_PREFIX = 'media/'

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 404
}

export async function createCloudMediaStore(options: CloudMediaStoreOptions): Promise<MediaStore> {
  const { Storage } = await import('@google-cloud/storage')
  const storage = new Storage({
    projectId: options.projectId,
    // The emulator takes no credentials; a custom endpoint sends none.
    ...(options.emulatorHost === null ? {} : { apiEndpoint: `http://${options.emulatorHost}` }),
  })
  const bucket: Bucket = storage.bucket(options.bucket)
  const tempDir = path.join(os.tmpdir(), 'actorly-media-incoming')
  await mkdir(tempDir, { recursive: true })
  await removeStaleTempFiles(tempDir)
  const objectOf = (key: string) => {
    typeOfKey(key)
    return bucket.file(`${OBJECT_PREFIX}${key}`)
  }
  // Reads go around the library's read stream (./cloud-read.ts): a reader may leave at any moment.
  const readObject = cloudObjectReader({ storage, bucket: options.bucket, authenticate: options.emulatorHost === null })
  const read = (key: string, span?: ByteSpan): Readable => {
    typeOfKey(key)
    return readObject(`${OBJECT_PREFIX}${key}`, span)
  }

  async function upload(source: Readable, type: StoredMediaType): Promise<StoredObject> {
    const key = newMediaKey(type)
    const object = bucket.file(`${OBJECT_PREFIX}${key}`)
    let bytes = 0
    const counter = new PassThrough()
    counter.on('data', (chunk: Buffer) => {
      bytes += chunk.length
    })
    try {
      // One request per object: uploads are capped at 100 MB, below what needs a resumable session.
      await pipeline(
        source,
        counter,
        object.createWriteStream({ resumable: false, contentType: type.contentType, metadata: { cacheControl: 'private, no-store' } }),
      )
    } catch (error) {
      await object.delete({ ignoreNotFound: true }).catch(() => undefined)
      throw error
    }
    return { key, bytes, type }
  }

  return {
    kind: 'cloud',
    tempDir,
    put: upload,
    async putFile(file, type) {
      const stored = await upload(createReadStream(file), type)
      await rm(file, { force: true })
      return stored
    },
    async stat(key) {
      const parsed = parseMediaKey(key)
      if (parsed === null) return null
      try {
        const [metadata] = await bucket.file(`${OBJECT_PREFIX}${key}`).getMetadata()
        return { bytes: Number(metadata.size ?? 0), type: parsed.type, updatedAt: new Date(metadata.updated ?? Date.now()) }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    read,
    async materialise(key, signal) {
      const folder = await mkdtemp(path.join(tempDir, 'copy-'))
      const release = () => rm(folder, { recursive: true, force: true })
      const file = path.join(folder, key)
      try {
        await pipeline(read(key), createWriteStream(file), ...(signal === undefined ? [] : [{ signal }]))
        return { file, release }
      } catch (error) {
        await release()
        throw error
      }
    },
    async delete(key) {
      await objectOf(key).delete({ ignoreNotFound: true })
    },
  }
}
