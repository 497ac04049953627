import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderUgc } from './local-renderer.ts'
import { posterSeekSeconds, posterSize, takePosterFrame } from './poster-frame.ts'
import { probeMedia } from './probe.ts'
import { ffmpeg, makeAudio, makeTempDir, makeVideo } from './testing/media-fixtures.ts'

let temp: Awaited<ReturnType<typeof makeTempDir>>
const inTemp = (name: string): string => path.join(temp.dir, name)

beforeAll(async () => {
  temp = await makeTempDir('actorly-poster-test-')
})
afterAll(async () => {
  await temp.remove()
})

/** Brightness of an image: the mean and spread of its grey values (0-255), decoded by ffmpeg. */
async function brightness(file: string): Promise<{ mean: number; spread: number }> {
  const grey = await ffmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'])
  let sum = 0
  for (const value of grey) sum += value
  const mean = sum / grey.length
  let squares = 0
  for (const value of grey) squares += (value - mean) ** 2
  return { mean, spread: Math.sqrt(squares / grey.length) }
}

async function expectJpeg(file: string, width: number, height: number): Promise<void> {
  const bytes = await readFile(file)
  // SOI marker: a real JPEG, not a renamed PNG or an empty file.
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
  const facts = await probeMedia(file)
  expect(facts.video).toMatchObject({ codec: 'mjpeg', width, height })
}

describe('takePosterFrame', () => {
  it('takes a JPEG of a local render at half its size, neither black nor blank', async () => {
    const video = inTemp('ugc.mp4')
    await renderUgc({ prompt: 'A chef presents the dish of the day', seed: 11, durationSeconds: 2, outFile: video })
    const poster = inTemp('ugc.jpg')

    const frame = await takePosterFrame(video, poster)

    expect(frame).toMatchObject({ width: 540, height: 960 })
    expect(frame.videoSeconds).toBeCloseTo(2, 1)
    await expectJpeg(poster, 540, 960)
    const { mean, spread } = await brightness(poster)
    expect(mean).toBeGreaterThan(25)
    // A picture, not one flat colour: the renderer's gradient, figure and caption.
    expect(spread).toBeGreaterThan(8)
    // A poster, not a second copy of the video.
    expect((await readFile(poster)).byteLength).toBeLessThan(200_000)
  })

  it('skips a fade in from black', async () => {
    const video = inTemp('fade.mp4')
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1280x720:rate=25:duration=4,fade=in:st=0:d=0.9',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      video,
    ])
    const first = inTemp('fade-first.jpg')
    await ffmpeg(['-i', video, '-frames:v', '1', first])
    expect((await brightness(first)).mean).toBeLessThan(5)

    const poster = inTemp('fade.jpg')
    const frame = await takePosterFrame(video, poster)

    // Landscape keeps its proportions: the longer edge is the limit.
    expect(frame).toMatchObject({ width: 960, height: 540 })
    await expectJpeg(poster, 960, 540)
    expect((await brightness(poster)).mean).toBeGreaterThan(60)
  })

  it('never enlarges a small video, and takes a frame of a clip shorter than a second', async () => {
    const video = await makeVideo(inTemp('small.mp4'), 0.4, '320x240')
    const poster = inTemp('small.jpg')
    const frame = await takePosterFrame(video, poster)
    expect(frame).toMatchObject({ width: 320, height: 240 })
    await expectJpeg(poster, 320, 240)
  })

  it('refuses a file without a picture', async () => {
    const audio = await makeAudio(inTemp('voice.m4a'), 1)
    await expect(takePosterFrame(audio, inTemp('voice.jpg'))).rejects.toThrow(/no video stream/)
  })
})

describe('poster size and seek point', () => {
  it('keeps proportions within the limit with even sides', () => {
    expect(posterSize(1080, 1920)).toEqual({ width: 540, height: 960 })
    expect(posterSize(1920, 1080)).toEqual({ width: 960, height: 540 })
    expect(posterSize(720, 1280)).toEqual({ width: 540, height: 960 })
    expect(posterSize(333, 501)).toEqual({ width: 334, height: 502 })
  })

  it('looks a second in, or a third of the way into a shorter clip', () => {
    expect(posterSeekSeconds(5)).toBe(1)
    expect(posterSeekSeconds(1.5)).toBeCloseTo(0.5)
    expect(posterSeekSeconds(null)).toBe(0)
  })
})
