import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiProcess, type ApiProcess } from '../testing/api-process.ts'
import { authEmulatorHost } from '../testing/harness.ts'
import { createCloudMediaStore } from './cloud-store.ts'
import { createMediaLinks } from './links.ts'
import { storedTypeByExt } from './media-types.ts'
import { startStorageEmulator, type StorageEmulator } from '../emulators/storage-emulator.ts'
import { createDiskMediaStore, type MediaStore } from './store.ts'

// A reader who leaves a video (a seek, a closed tab, a phone losing signal)
// must not take a server down (docs/decisions/0226). Real API processes
// (server/main.ts) serve one 9 MB video while hundreds of readers, many at
// once, abandon whole and ranged reads before the first byte and after the
// first chunk, and others read it whole meanwhile: every instance still
// answers, every whole read is intact, and no instance logs a warning or an
// error. Cloud Storage (the Storage emulator) behind two instances; the disk
// store behind the one instance that owns its folder.

const BUCKET = 'demo-actorly.appspot.com'
const SECRET = 'abandoned-reads-share-this-signing-secret-0123456789'
const VIDEO_BYTES = 9 * 1024 * 1024
/** Readers per instance and way of leaving, and how many of them are in flight together. */
const READERS_PER_MODE = 60
const AT_ONCE = 24

type Leave = 'before-first-byte' | 'after-first-chunk'
interface Mode {
  leave: Leave
  range: string | null
}
const MODES: Mode[] = [
  { leave: 'before-first-byte', range: null },
  { leave: 'before-first-byte', range: 'bytes=1000-8000000' },
  { leave: 'after-first-chunk', range: null },
  { leave: 'after-first-chunk', range: 'bytes=4096-' },
]

const video = Buffer.from(Array.from({ length: VIDEO_BYTES }, (_, i) => (i * 31 + (i >> 12)) % 256))
const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** Asks for the video and leaves: 0–40 ms after asking, or as soon as the first chunk arrives. */
function abandon(url: string, mode: Mode): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, headers: mode.range === null ? {} : { range: mode.range } }, (response) => {
      response.on('error', () => resolve())
      response.on('close', () => resolve())
      if (mode.leave === 'after-first-chunk') response.once('data', () => request.destroy())
    })
    request.on('error', () => resolve())
    request.on('close', () => resolve())
    if (mode.leave === 'before-first-byte') setTimeout(() => request.destroy(), Math.floor(Math.random() * 41))
  })
}

async function readWhole(url: string, range?: string): Promise<{ status: number; hash: string; length: number }> {
  const response = await fetch(url, range === undefined ? {} : { headers: { range } })
  const bytes = new Uint8Array(await response.arrayBuffer())
  return { status: response.status, hash: sha(bytes), length: bytes.length }
}

/** Lines an instance wrote that are not plain info: Node's warnings, crashes, and log lines at warn or above. */
function troubleIn(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (line.trim() === '') return false
    if (/warning|ERR_|uncaught|unhandled/i.test(line)) return true
    const level = /^\{"level":(\d+)/.exec(line)?.[1]
    return level === undefined || Number(level) >= 40
  })
}

const stores = [
  { kind: 'cloud', instances: 2 },
  { kind: 'disk', instances: 1 },
] as const

describe.each(stores)('readers who leave a video ($kind store, $instances instance(s))', ({ kind, instances }) => {
  let emulator: StorageEmulator | null = null
  let apis: ApiProcess[] = []
  let dataDirs: string[] = []
  let key = ''

  beforeAll(async () => {
    emulator = kind === 'cloud' ? await startStorageEmulator({ projectId: 'demo-actorly' }) : null
    dataDirs = await Promise.all(Array.from({ length: instances }, () => mkdtemp(path.join(os.tmpdir(), 'actorly-abandoned-reads-'))))
    const [firstDir = ''] = dataDirs
    const store: MediaStore =
      emulator === null
        ? await createDiskMediaStore({ dir: path.join(firstDir, 'media') })
        : await createCloudMediaStore({ bucket: BUCKET, projectId: 'demo-actorly', emulatorHost: emulator.host })
    const mp4 = storedTypeByExt('mp4')
    if (mp4 === undefined) throw new Error('mp4 is a stored type')
    key = (await store.put(Readable.from([video]), mp4)).key
    const storeEnv: Record<string, string> =
      emulator === null ? {} : { MEDIA_STORE: 'cloud', MEDIA_BUCKET: BUCKET, FIREBASE_STORAGE_EMULATOR_HOST: emulator.host }
    apis = await Promise.all(
      dataDirs.map((dataDir) =>
        startApiProcess({
          DATA_DIR: dataDir,
          FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
          FIREBASE_PROJECT_ID: 'demo-actorly',
          MEDIA_SIGNING_SECRET: SECRET,
          ACTORLY_DIST: path.join(dataDir, 'no-dist'),
          ...storeEnv,
        }),
      ),
    )
  }, 180_000)
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()))
    await emulator?.stop()
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  it('ends every abandoned read quietly: each instance still answers and serves the video whole, and logs no warning or error', async () => {
    const expected = { status: 200, hash: sha(video), length: video.length }
    for (const api of apis) {
      const link = new URL(createMediaLinks({ secret: SECRET, publicOrigin: api.origin, ttlSeconds: 3600 }).sign(key))
      const url = link.href
      const readers = MODES.flatMap((mode) => Array.from({ length: READERS_PER_MODE }, () => mode))
      for (let start = 0; start < readers.length; start += AT_ONCE) {
        // Someone watching the whole video while others leave beside them.
        const [watched] = await Promise.all([readWhole(url), ...readers.slice(start, start + AT_ONCE).map((mode) => abandon(url, mode))])
        expect(watched).toEqual(expected)
      }
    }
    // Late stream ends and errors would surface now.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    for (const api of apis) {
      expect(api.alive()).toBe(true)
      expect((await fetch(`${api.origin}/api/health`)).status).toBe(200)
      const url = createMediaLinks({ secret: SECRET, publicOrigin: api.origin, ttlSeconds: 3600 }).sign(key)
      expect(await readWhole(url)).toEqual(expected)
      expect(await readWhole(url, 'bytes=100-199')).toEqual({ status: 206, hash: sha(video.subarray(100, 200)), length: 100 })
      expect(troubleIn(api.output())).toEqual([])
    }
  }, 600_000)
})
