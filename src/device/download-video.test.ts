import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceDb } from '@/device/device-db'
import { downloadVideo } from './download-video'
import { keepVideo } from './kept-videos'

const uid = 'uid-alice'
const url = 'https://actorly.test/media/clip.mp4'

let saved: { href: string; download: string }[] = []

beforeEach(async () => {
  await deviceDb.keptVideos.clear()
  saved = []
  // jsdom has no object URLs and does not download: record what would be saved.
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn<(blob: Blob) => string>(() => 'blob:saved'), configurable: true })
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn<(href: string) => void>(), configurable: true })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download })
  })
})

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL')
  Reflect.deleteProperty(URL, 'revokeObjectURL')
})

describe('downloadVideo', () => {
  it('fetches once, saves the file under its name and keeps the same bytes for the user', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('mp4 bytes', { headers: { 'Content-Type': 'video/mp4' } }))
    const result = await downloadVideo({ url, filename: 'video-7.mp4', uid, videoId: '7' })

    expect(result).toEqual({ ok: true, kept: { ok: true, size: 9 } })
    expect(fetch).toHaveBeenCalledOnce()
    expect(saved).toEqual([{ href: 'blob:saved', download: 'video-7.mp4' }])
    expect(await deviceDb.keptVideos.get([uid, url])).toMatchObject({ videoId: '7', size: 9, type: 'video/mp4' })
    expect(document.querySelector('a[download]')).toBeNull()
  })

  it('saves without keeping when nobody is signed in', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('mp4 bytes'))
    expect(await downloadVideo({ url, filename: 'video-7.mp4', uid: null, videoId: '7' })).toEqual({ ok: true, kept: null })
    expect(saved).toHaveLength(1)
    expect(await deviceDb.keptVideos.count()).toBe(0)
  })

  it('saves a kept video from the device without the network', async () => {
    await keepVideo({ uid, videoUrl: url, videoId: '7', blob: new Blob(['kept']) })
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'))

    expect(await downloadVideo({ url, filename: 'video-7.mp4', uid, videoId: '7' })).toEqual({ ok: true, kept: { ok: true, size: 4 } })
    expect(fetch).not.toHaveBeenCalled()
    expect(saved).toHaveLength(1)
  })

  it('saves nothing and says so when the video cannot be fetched', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('nope', { status: 404 }))
    expect(await downloadVideo({ url, filename: 'video-7.mp4', uid, videoId: '7' })).toEqual({ ok: false, reason: 'network' })
    expect(saved).toEqual([])
  })

  it('still saves the file when the device is full, and reports the quota', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('mp4 bytes'))
    vi.spyOn(deviceDb.keptVideos, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'))
    expect(await downloadVideo({ url, filename: 'video-7.mp4', uid, videoId: '7' })).toEqual({ ok: true, kept: { ok: false, reason: 'quota' } })
    expect(saved).toHaveLength(1)
  })
})
