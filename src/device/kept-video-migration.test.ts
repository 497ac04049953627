// @vitest-environment node
// Node's Blob survives fake-indexeddb's structured clone (jsdom's does not), as a browser's does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceDb } from '@/device/device-db'
import { KEPT_VIDEO_CHUNK_BYTES } from './kept-video-chunks'
import { migrateKeptVideos } from './kept-video-migration'
import { keepVideo, readKeptVideo } from './kept-videos'

const alice = 'uid-alice'
const bob = 'uid-bob'
const clip = (name: string) => `https://actorly.test/media/${name}.mp4`

beforeEach(async () => {
  // Kept videos are keyed by their link without the signature, relative to the app's origin (media-identity.ts).
  vi.stubGlobal('location', new URL('https://actorly.test/'))
  await Promise.all([deviceDb.keptVideos.clear(), deviceDb.keptVideoChunks.clear()])
})

afterEach(() => {
  vi.unstubAllGlobals()
})

function patternedVideo(size: number, type: string): { blob: Blob; bytes: Uint8Array } {
  const bytes = new Uint8Array(size).map((_, index) => index % 251)
  return { blob: new Blob([bytes], { type }), bytes }
}

describe('migrateKeptVideos', () => {
  it('turns videos kept as one Blob into chunks with the same bytes, type and owner', async () => {
    const { blob, bytes } = patternedVideo(KEPT_VIDEO_CHUNK_BYTES + 10, 'video/webm')
    await deviceDb.keptVideos.put({ uid: alice, videoUrl: clip('old'), videoId: 'old', blob, type: 'video/webm', size: bytes.length, savedAt: 1 })

    expect(await migrateKeptVideos()).toBe(1)
    const row = await deviceDb.keptVideos.get([alice, clip('old')])
    expect(row).toMatchObject({ uid: alice, videoId: 'old', type: 'video/webm', size: bytes.length, savedAt: 1, chunkCount: 2 })
    expect(row?.blob).toBeUndefined()
    expect(new Uint8Array(await ((await readKeptVideo(alice, clip('old')))?.blob ?? new Blob()).arrayBuffer())).toEqual(bytes)
    // Nothing is left to convert the second time.
    expect(await migrateKeptVideos()).toBe(0)
  })

  it('drops a row whose Blob can no longer be read, and leaves chunked rows alone', async () => {
    await keepVideo({ uid: bob, videoUrl: clip('new'), videoId: 'new', blob: new Blob(['fine']) })
    await deviceDb.keptVideos.put({
      uid: alice,
      videoUrl: clip('lost'),
      videoId: 'lost',
      blob: new Blob(['file gone']),
      type: 'video/mp4',
      size: 9,
      savedAt: 1,
    })
    // The file behind a stored Blob can vanish (storage cleared under the browser): reading it fails.
    const read = Blob.prototype.arrayBuffer
    vi.spyOn(Blob.prototype, 'arrayBuffer').mockImplementation(function (this: Blob) {
      return this.size === 9 ? Promise.reject(new DOMException('file gone', 'NotReadableError')) : read.call(this)
    })

    expect(await migrateKeptVideos()).toBe(0)
    expect(await deviceDb.keptVideos.get([alice, clip('lost')])).toBeUndefined()
    expect(await (await readKeptVideo(bob, clip('new')))?.blob.text()).toBe('fine')
  })
})
