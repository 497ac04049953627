import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../render/testing/media-fixtures.ts'
import { createCloudMediaStore } from './cloud-store.ts'
import { storedTypeByExt } from './media-types.ts'
import { startStorageEmulator, type StorageEmulator } from '../emulators/storage-emulator.ts'
import type { MediaStore } from './store.ts'
import { describeMediaStore } from './testing/store-contract.ts'

// The Cloud Storage media store against the Firebase Storage emulator.

const PROJECT = 'demo-actorly'
const BUCKET = 'demo-actorly.appspot.com'

let emulator: StorageEmulator
let store: MediaStore
let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
  temp = await makeTempDir('actorly-cloud-store-')
  emulator = await startStorageEmulator({ projectId: PROJECT })
  store = await createCloudMediaStore({ bucket: BUCKET, projectId: PROJECT, emulatorHost: emulator.host })
}, 120_000)
afterAll(async () => {
  await emulator.stop()
  await temp.remove()
})

describeMediaStore('Cloud Storage', { store: () => store, scratchDir: () => temp.dir })

describe('Cloud Storage objects are never listed or guessable', () => {
  it('refuses every browser (Firebase client API) request: listing the bucket and reading an object', async () => {
    const mp4 = storedTypeByExt('mp4')
    if (mp4 === undefined) throw new Error('mp4 is a stored type')
    const stored = await store.put(Readable.from([Buffer.from('private video bytes')]), mp4)
    const base = `http://${emulator.host}/v0/b/${BUCKET}/o`
    const list = await fetch(base)
    expect(list.status).toBe(403)
    expect(await list.text()).not.toContain(stored.key)
    const listed = await fetch(`${base}?prefix=media%2F`)
    expect(listed.status).toBe(403)
    expect((await fetch(`${base}/${encodeURIComponent(`media/${stored.key}`)}?alt=media`)).status).toBe(403)
    expect((await fetch(`${base}/${encodeURIComponent(`media/${stored.key}`)}`)).status).toBe(403)
  })

  it('keeps objects without a public download token or cache, under random v4 keys', async () => {
    const png = storedTypeByExt('png')
    if (png === undefined) throw new Error('png is a stored type')
    const stored = await store.put(Readable.from([Buffer.from('x')]), png)
    expect(stored.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/)
    // The emulator's Cloud Storage API is open to anyone on this machine (Google's needs IAM): read the metadata there.
    const response = await fetch(`http://${emulator.host}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(`media/${stored.key}`)}`)
    const metadata: unknown = await response.json()
    expect(metadata).toMatchObject({ contentType: 'image/png', cacheControl: 'private, no-store' })
    expect(JSON.stringify(metadata)).not.toContain('firebaseStorageDownloadTokens')
  })
})
