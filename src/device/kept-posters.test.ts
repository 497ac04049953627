import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceDb } from '@/device/device-db'
import { findKeptPoster } from './kept-media'
import { keepPoster } from './kept-posters'
import { keepVideo, removeAllKeptVideos, removeKeptVideo } from './kept-videos'

// A kept video keeps its poster frame beside it (docs/decisions/0165), found by
// the poster's link without the signature, and goes with it.

const alice = 'uid-alice'
const bob = 'uid-bob'
// Signed links on the app's own origin, as the gallery answers them.
const video = (name: string) => `${location.origin}/media/${name}.mp4?exp=1&sig=v`
const poster = (name: string) => `${location.origin}/media/${name}.jpg?exp=1&sig=p`
const identity = (name: string) => `${location.origin}/media/${name}`
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])

/** The network: posters answer a JPEG unless listed as failing; anything else is refused. */
function network(failing: readonly string[] = []) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input)
    if (failing.includes(url)) return new Response('gone', { status: 404 })
    if (url.includes('.jpg')) return new Response(JPEG, { headers: { 'Content-Type': 'image/jpeg' } })
    throw new TypeError('offline')
  })
}

const mp4 = () => new Blob(['mp4 bytes'], { type: 'video/mp4' })

beforeEach(async () => {
  await Promise.all([deviceDb.keptVideos.clear(), deviceDb.keptVideoChunks.clear(), deviceDb.keptPosters.clear()])
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('posters kept with their videos', () => {
  it('keeps the poster beside the video under the link without its signature', async () => {
    network()
    expect(await keepVideo({ uid: alice, videoUrl: video('a'), videoId: 'a', blob: mp4(), posterUrl: poster('a') })).toEqual({ ok: true, size: 9 })

    const row = await deviceDb.keptPosters.get([alice, identity('a.jpg')])
    expect(row).toMatchObject({ uid: alice, videoUrl: identity('a.mp4'), type: 'image/jpeg' })
    expect([...new Uint8Array(row?.bytes ?? new ArrayBuffer(0))]).toEqual([...JPEG])
  })

  it('keeps the video when its poster cannot be fetched, or is not an image', async () => {
    network([poster('a')])
    expect(await keepVideo({ uid: alice, videoUrl: video('a'), videoId: 'a', blob: mp4(), posterUrl: poster('a') })).toMatchObject({ ok: true })
    vi.restoreAllMocks()
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>', { headers: { 'Content-Type': 'text/html' } }))
    expect(await keepVideo({ uid: alice, videoUrl: video('b'), videoId: 'b', blob: mp4(), posterUrl: poster('b') })).toMatchObject({ ok: true })

    expect(await deviceDb.keptVideos.count()).toBe(2)
    expect(await deviceDb.keptPosters.count()).toBe(0)
  })

  it('adds a poster to a video kept before, and refuses to keep one that does not come', async () => {
    network([poster('b')])
    await keepVideo({ uid: alice, videoUrl: video('a'), videoId: 'a', blob: mp4() })
    expect(await deviceDb.keptPosters.count()).toBe(0)
    expect(await keepPoster(alice, video('a'), poster('a'))).toBe(true)
    expect(await keepPoster(alice, video('b'), poster('b'))).toBe(false)
    expect(await deviceDb.keptPosters.count()).toBe(1)
  })

  it('removes a poster with its video, and every poster of a user with all of theirs, leaving others', async () => {
    network()
    await keepVideo({ uid: alice, videoUrl: video('a'), videoId: 'a', blob: mp4(), posterUrl: poster('a') })
    await keepVideo({ uid: alice, videoUrl: video('b'), videoId: 'b', blob: mp4(), posterUrl: poster('b') })
    await keepVideo({ uid: bob, videoUrl: video('c'), videoId: 'c', blob: mp4(), posterUrl: poster('c') })

    await removeKeptVideo(alice, video('a'))
    expect((await deviceDb.keptPosters.toArray()).map((row) => row.posterUrl).sort()).toEqual([identity('b.jpg'), identity('c.jpg')])
    await removeAllKeptVideos(alice)
    expect((await deviceDb.keptPosters.toArray()).map((row) => row.uid)).toEqual([bob])
  })
})

const vtt = (name: string) => `${location.origin}/media/${name}.vtt?exp=1&sig=c`
const srt = (name: string) => `${location.origin}/media/${name}.srt?exp=1&sig=s`

/** Caption files answer as the server serves them; a page (not a caption file) is refused. */
function captionNetwork() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input)
    if (url.includes('.vtt')) return new Response('WEBVTT\n\n1\n00:00.000 --> 00:01.000\nGrüße', { headers: { 'Content-Type': 'text/vtt; charset=utf-8' } })
    if (url.includes('.srt'))
      return new Response('1\n00:00:00,000 --> 00:00:01,000\nGrüße', { headers: { 'Content-Type': 'application/x-subrip; charset=utf-8' } })
    return new Response('<html>', { headers: { 'Content-Type': 'text/html' } })
  })
}

describe('caption files kept with their videos', () => {
  it('keeps the .vtt and .srt beside the video, found by their links without the signature, and removes them with it', async () => {
    captionNetwork()
    await keepVideo({ uid: alice, videoUrl: video('a'), videoId: 'a', blob: mp4(), captionUrls: [vtt('a'), srt('a'), `${location.origin}/media/a.html`] })

    const kept = await findKeptPoster([identity('a.vtt')])
    expect(kept?.type).toBe('text/vtt; charset=utf-8')
    expect(new TextDecoder().decode(kept?.bytes).split('\n')[0]).toBe('WEBVTT')
    expect((await findKeptPoster([identity('a.srt')]))?.videoUrl).toBe(identity('a.mp4'))
    // What is not a caption file is not kept.
    expect(await deviceDb.keptPosters.count()).toBe(2)

    await removeKeptVideo(alice, video('a'))
    expect(await deviceDb.keptPosters.count()).toBe(0)
  })

  it('adds the caption files to a video kept before', async () => {
    captionNetwork()
    await keepVideo({ uid: alice, videoUrl: video('a'), videoId: 'a', blob: mp4() })
    expect(await keepPoster(alice, video('a'), null, [vtt('a')])).toBe(true)
    expect((await findKeptPoster([identity('a.vtt')]))?.uid).toBe(alice)
  })
})
