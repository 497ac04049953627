import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceDb, type KeptVideoChunk } from '@/device/device-db'
import { KEPT_VIDEO_CHUNK_BYTES } from './kept-video-chunks'
import { countKeptVideos, isQuotaError, keepVideo, readKeptVideo, removeAllKeptVideos, removeKeptVideo } from './kept-videos'

const alice = 'uid-alice'
const bob = 'uid-bob'
const clip = (name: string) => `https://actorly.test/media/${name}.mp4`

function answerFetchWith(body: string, init: ResponseInit = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(body, { headers: { 'Content-Type': 'video/mp4' }, ...init }))
}

/** jsdom has no StorageManager: give navigator one for a test. */
function storageOf(estimate: () => Promise<StorageEstimate>) {
  const storage = { estimate, persist: vi.fn<() => Promise<boolean>>(async () => true), persisted: vi.fn<() => Promise<boolean>>(async () => false) }
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true })
  return storage
}

beforeEach(async () => {
  await Promise.all([deviceDb.keptVideos.clear(), deviceDb.keptVideoChunks.clear()])
})

/** A video of `size` bytes whose every byte says where it is, so a wrong chunk order shows. */
function patternedVideo(size: number, type = 'video/mp4'): { blob: Blob; bytes: Uint8Array } {
  const bytes = new Uint8Array(size).map((_, index) => index % 251)
  return { blob: new Blob([bytes], { type }), bytes }
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer())
}

const containsBlob = (value: unknown): boolean =>
  value instanceof Blob || (typeof value === 'object' && value !== null && Object.values(value).some(containsBlob))
const webKitRefusal = () => new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError')

/** Does what WebKit does in a private or automated session: refuses to store a Blob in IndexedDB. */
function refuseBlobsLikeWebKit() {
  const { keptVideos, keptVideoChunks } = deviceDb
  const putVideo = keptVideos.put.bind(keptVideos)
  const putChunks = keptVideoChunks.bulkPut.bind(keptVideoChunks)
  vi.spyOn(keptVideos, 'put').mockImplementation((row) => {
    if (containsBlob(row)) throw webKitRefusal()
    return putVideo(row)
  })
  vi.spyOn(keptVideoChunks, 'bulkPut').mockImplementation((rows: readonly KeptVideoChunk[]) => {
    if (containsBlob(rows)) throw webKitRefusal()
    return putChunks(rows)
  })
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage')
})

describe('keepVideo', () => {
  it('keeps the given bytes with their type and size under the owner and URL', async () => {
    const blob = new Blob(['0123456789'], { type: 'video/webm' })
    const result = await keepVideo({ uid: alice, videoUrl: clip('a'), videoId: 'a', blob })

    expect(result).toEqual({ ok: true, size: 10 })
    const row = await deviceDb.keptVideos.get([alice, clip('a')])
    expect(row).toMatchObject({ uid: alice, videoUrl: clip('a'), videoId: 'a', type: 'video/webm', size: 10 })
    expect(await readKeptVideo(alice, clip('a'))).not.toBeNull()
    expect(await readKeptVideo(bob, clip('a'))).toBeNull()
  })

  it('fetches the bytes once when none are given, and falls back to MP4 for an untyped answer', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(new TextEncoder().encode('video bytes')))
    const result = await keepVideo({ uid: alice, videoUrl: clip('b'), videoId: 'b' })

    expect(result).toEqual({ ok: true, size: 11 })
    expect(fetch).toHaveBeenCalledOnce()
    expect(fetch).toHaveBeenCalledWith(clip('b'))
    expect(await deviceDb.keptVideos.get([alice, clip('b')])).toMatchObject({ type: 'video/mp4', size: 11 })
  })

  it('reports a failed fetch as a network failure and keeps nothing', async () => {
    answerFetchWith('gone', { status: 404 })
    expect(await keepVideo({ uid: alice, videoUrl: clip('c'), videoId: 'c' })).toEqual({ ok: false, reason: 'network' })
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await keepVideo({ uid: alice, videoUrl: clip('c'), videoId: 'c' })).toEqual({ ok: false, reason: 'network' })
    expect(await countKeptVideos(alice)).toBe(0)
  })

  it('refuses up front, as a quota failure, a video larger than the room left', async () => {
    storageOf(vi.fn(async () => ({ usage: 95, quota: 100 })))
    const blob = new Blob(['0123456789'])
    expect(await keepVideo({ uid: alice, videoUrl: clip('d'), videoId: 'd', blob })).toEqual({ ok: false, reason: 'quota' })
    expect(await countKeptVideos(alice)).toBe(0)
  })

  it('turns a QuotaExceededError while writing into a typed result instead of throwing', async () => {
    vi.spyOn(deviceDb.keptVideos, 'put').mockRejectedValue(new Dexie.QuotaExceededError('full', new DOMException('full', 'QuotaExceededError')))
    const result = await keepVideo({ uid: alice, videoUrl: clip('e'), videoId: 'e', blob: new Blob(['x']) })
    expect(result).toEqual({ ok: false, reason: 'quota' })
  })

  it('reports any other storage error as such', async () => {
    vi.spyOn(deviceDb.keptVideos, 'put').mockRejectedValue(new Dexie.DatabaseClosedError('closed'))
    const result = await keepVideo({ uid: alice, videoUrl: clip('f'), videoId: 'f', blob: new Blob(['x']) })
    expect(result).toEqual({ ok: false, reason: 'storage' })
  })

  it('asks for persistent storage after a video is kept, not after a failure', async () => {
    const storage = storageOf(vi.fn(async () => ({ usage: 0, quota: 1_000_000 })))
    answerFetchWith('', { status: 500 })
    await keepVideo({ uid: alice, videoUrl: clip('g'), videoId: 'g' })
    expect(storage.persist).not.toHaveBeenCalled()

    await keepVideo({ uid: alice, videoUrl: clip('g'), videoId: 'g', blob: new Blob(['x']) })
    await vi.waitFor(() => expect(storage.persist).toHaveBeenCalledOnce())
  })
})

describe('kept videos as chunks (WebKit private and automated sessions)', () => {
  beforeEach(() => {
    storageOf(async () => ({ usage: 0, quota: 1e9 }))
  })

  it('stores the bytes as ArrayBuffer chunks with the MIME type, never as a Blob, and reads them back whole', async () => {
    const { blob, bytes } = patternedVideo(2 * KEPT_VIDEO_CHUNK_BYTES + 1234)
    expect(await keepVideo({ uid: alice, videoUrl: clip('big'), videoId: 'big', blob })).toEqual({ ok: true, size: bytes.length })

    const row = await deviceDb.keptVideos.get([alice, clip('big')])
    expect(row).toMatchObject({ type: 'video/mp4', size: bytes.length, chunkSize: KEPT_VIDEO_CHUNK_BYTES, chunkCount: 3 })
    expect(row?.blob).toBeUndefined()
    const chunks = await deviceDb.keptVideoChunks.toArray()
    expect(chunks.map((chunk) => [chunk.index, chunk.bytes.byteLength])).toEqual([
      [0, KEPT_VIDEO_CHUNK_BYTES],
      [1, KEPT_VIDEO_CHUNK_BYTES],
      [2, 1234],
    ])
    // An ArrayBuffer from any realm (fake-indexeddb clones with Node's).
    expect(chunks.every((chunk) => Object.prototype.toString.call(chunk.bytes) === '[object ArrayBuffer]')).toBe(true)

    const copy = await readKeptVideo(alice, clip('big'))
    expect(copy?.blob.type).toBe('video/mp4')
    expect(await bytesOf(copy?.blob ?? new Blob())).toEqual(bytes)
  })

  it('keeps a video where IndexedDB refuses Blobs', async () => {
    refuseBlobsLikeWebKit()
    const { blob } = patternedVideo(5000)
    expect(await keepVideo({ uid: alice, videoUrl: clip('wk'), videoId: 'wk', blob })).toEqual({ ok: true, size: 5000 })
    expect(await countKeptVideos(alice)).toBe(1)
  })

  it('replaces an earlier copy of the same video without leaving its chunks behind', async () => {
    expect(await keepVideo({ uid: alice, videoUrl: clip('r'), videoId: 'r', blob: patternedVideo(KEPT_VIDEO_CHUNK_BYTES + 1).blob })).toMatchObject({
      ok: true,
    })
    expect(await deviceDb.keptVideoChunks.count()).toBe(2)
    await keepVideo({ uid: alice, videoUrl: clip('r'), videoId: 'r', blob: new Blob(['short']) })
    expect(await deviceDb.keptVideoChunks.count()).toBe(1)
    expect(await (await readKeptVideo(alice, clip('r')))?.blob.text()).toBe('short')
  })

  it('keeps nothing at all when writing a chunk fails', async () => {
    vi.spyOn(deviceDb.keptVideos, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'))
    expect(await keepVideo({ uid: alice, videoUrl: clip('q'), videoId: 'q', blob: patternedVideo(10).blob })).toEqual({ ok: false, reason: 'quota' })
    expect(await deviceDb.keptVideoChunks.count()).toBe(0)
  })
})

describe('isQuotaError', () => {
  it('recognises the DOM error, Dexie’s wrapper and nothing else', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true)
    expect(isQuotaError(new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError')))).toBe(true)
    expect(isQuotaError(new DOMException('nope', 'NotFoundError'))).toBe(false)
    expect(isQuotaError('QuotaExceededError')).toBe(false)
  })
})

describe('removing kept videos', () => {
  beforeEach(async () => {
    for (const [uid, name] of [
      [alice, 'a1'],
      [alice, 'a2'],
      [bob, 'b1'],
    ] as const) {
      await keepVideo({ uid, videoUrl: clip(name), videoId: name, blob: new Blob([name]) })
    }
  })

  it('removes one video of one user', async () => {
    await removeKeptVideo(alice, clip('a1'))
    expect(await readKeptVideo(alice, clip('a1'))).toBeNull()
    expect(await readKeptVideo(alice, clip('a2'))).not.toBeNull()
    expect((await deviceDb.keptVideoChunks.toArray()).map((chunk) => chunk.videoUrl)).toEqual([clip('a2'), clip('b1')])
  })

  it('removes every video of one user and leaves the others’', async () => {
    expect(await removeAllKeptVideos(alice)).toBe(2)
    expect(await countKeptVideos(alice)).toBe(0)
    expect(await countKeptVideos(bob)).toBe(1)
    expect((await deviceDb.keptVideoChunks.toArray()).map((chunk) => chunk.uid)).toEqual([bob])
  })
})
