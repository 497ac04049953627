import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceDb } from '@/db/device-db'
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
  await deviceDb.keptVideos.clear()
})

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
    for (const [uid, name] of [[alice, 'a1'], [alice, 'a2'], [bob, 'b1']] as const) {
      await keepVideo({ uid, videoUrl: clip(name), videoId: name, blob: new Blob([name]) })
    }
  })

  it('removes one video of one user', async () => {
    await removeKeptVideo(alice, clip('a1'))
    expect(await readKeptVideo(alice, clip('a1'))).toBeNull()
    expect(await readKeptVideo(alice, clip('a2'))).not.toBeNull()
  })

  it('removes every video of one user and leaves the others’', async () => {
    expect(await removeAllKeptVideos(alice)).toBe(2)
    expect(await countKeptVideos(alice)).toBe(0)
    expect(await countKeptVideos(bob)).toBe(1)
  })
})
