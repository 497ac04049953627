import { expect } from '@playwright/test'
import { z } from 'zod'
import type { Locator } from './locator.ts'

// Media checks the journeys make in the page, as a person would see them: a
// video that loads, plays and seeks.

const playback = z.object({ duration: z.number(), currentTime: z.number(), target: z.number(), readyState: z.number() })

/** Whether a `<video>` has its metadata with a real length. */
async function hasMetadata(video: Locator): Promise<boolean> {
  return (await video.evaluate((element) => element instanceof HTMLVideoElement && element.readyState >= 1 && element.duration > 0)) === true
}

/** Plays the video (muted, as a phone allows without a gesture) and waits until its time moves. */
export async function expectToPlay(video: Locator): Promise<void> {
  await expect.poll(() => hasMetadata(video), { message: `${video} loads`, timeout: 30_000 }).toBe(true)
  const refusal = await video.evaluate(async (element) => {
    if (!(element instanceof HTMLVideoElement)) return 'not a video'
    element.muted = true
    // A refusal comes back as words: an engine may not hand a DOMException back to the test.
    return element.play().then(
      () => null,
      (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
    )
  })
  expect(refusal, `${video} play()`).toBeNull()
  await expect
    .poll(async () => video.evaluate((element) => element instanceof HTMLVideoElement && element.currentTime > 0), { message: `${video} plays` })
    .toBe(true)
}

/** Seeks the video to its middle and waits until it can play from there; returns where it is. */
export async function seekToMiddle(video: Locator): Promise<z.infer<typeof playback>> {
  await expect.poll(() => hasMetadata(video), { message: `${video} loads`, timeout: 30_000 }).toBe(true)
  const result = await video.evaluate(async (element) => {
    if (!(element instanceof HTMLVideoElement)) throw new Error('not a video')
    element.pause()
    const target = element.duration / 2
    const seeked = new Promise((resolve, reject) => {
      element.addEventListener('seeked', resolve, { once: true })
      element.addEventListener('error', () => reject(new Error(`media error ${element.error?.code}`)), { once: true })
    })
    element.currentTime = target
    await seeked
    if (element.readyState < 2) await new Promise((resolve) => element.addEventListener('canplay', resolve, { once: true }))
    return { duration: element.duration, currentTime: element.currentTime, target, readyState: element.readyState }
  })
  return playback.parse(result)
}

/** What a mono or stereo PCM WAV's header says (spec §4: recording.wav). */
export function readWav(bytes: Buffer): { format: number; channels: number; sampleRate: number; bitsPerSample: number; seconds: number } | null {
  if (bytes.length < 44 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') return null
  let offset = 12
  let fmt: { format: number; channels: number; sampleRate: number; bitsPerSample: number } | null = null
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4)
    const size = bytes.readUInt32LE(offset + 4)
    if (id === 'fmt ') {
      fmt = {
        format: bytes.readUInt16LE(offset + 8),
        channels: bytes.readUInt16LE(offset + 10),
        sampleRate: bytes.readUInt32LE(offset + 12),
        bitsPerSample: bytes.readUInt16LE(offset + 22),
      }
    }
    if (id === 'data' && fmt !== null) {
      const frameBytes = (fmt.channels * fmt.bitsPerSample) / 8
      return { ...fmt, seconds: Math.min(size, bytes.length - offset - 8) / frameBytes / fmt.sampleRate }
    }
    offset += 8 + size + (size % 2)
  }
  return null
}
