import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstFramePixel, makeAudio, makeImage, makeTempDir, makeVideo } from './testing/media-fixtures.ts'
import {
  FfmpegError,
  LOCAL_RENDER_COMMENT,
  type RenderProgress,
  RenderAbortedError,
  renderConsistentActor,
  renderLipSync,
  renderUgc,
} from './local-renderer.ts'
import { localInputArgs, probeMedia } from './probe.ts'
import { FfmpegTimeoutError, runFfmpeg } from './run-ffmpeg.ts'

let temp: Awaited<ReturnType<typeof makeTempDir>>
const inTemp = (name: string): string => path.join(temp.dir, name)

beforeAll(async () => {
  temp = await makeTempDir('actorly-render-test-')
})
afterAll(async () => {
  await temp.remove()
})

async function expectPortraitH264(file: string, seconds: number): Promise<void> {
  const facts = await probeMedia(file)
  expect(facts.video).toEqual({ codec: 'h264', pixelFormat: 'yuv420p', width: 1080, height: 1920, rotation: 0 })
  expect(facts.durationSeconds).toBeGreaterThan(seconds - 0.1)
  expect(facts.durationSeconds).toBeLessThan(seconds + 0.1)
}

/** Real progress: 0 once ffmpeg runs, never decreasing, exactly the total at the end. */
function expectMonotonicToEnd(progress: RenderProgress[], totalMillis: number): void {
  expect(progress.length).toBeGreaterThan(1)
  expect(progress[0]?.current).toBe(0)
  const currents = progress.map((step) => step.current)
  expect(currents).toEqual(currents.toSorted((a, b) => a - b))
  expect(new Set(progress.map((step) => step.total))).toEqual(new Set([totalMillis]))
  expect(progress.at(-1)?.current).toBe(totalMillis)
}

/** A background pixel (clear of caption and label) of a seeded render's first frame. */
async function seededPixel(seed: number, name: string): Promise<[number, number, number]> {
  const outFile = inTemp(name)
  await renderUgc({ prompt: 'seed test', seed, durationSeconds: 0.2, outFile })
  return firstFramePixel(outFile, 540, 700)
}

describe('renderUgc', () => {
  it('renders a 1080x1920 H.264 clip of the asked length with real progress and the not-AI comment', async () => {
    const progress: RenderProgress[] = []
    const outFile = inTemp('ugc.mp4')
    const result = await renderUgc({
      prompt: 'A chef: "50% off" [today]; \\ %{pts}',
      seed: 7,
      durationSeconds: 1.5,
      outFile,
      onProgress: (p) => progress.push(p),
    })
    expect(result.durationSeconds).toBe(1.5)
    await expectPortraitH264(outFile, 1.5)
    expectMonotonicToEnd(progress, 1500)
    const header = await runFfmpeg({ args: localInputArgs(outFile) }).catch((error: unknown) => (error instanceof FfmpegError ? error.log : ''))
    expect(header).toContain(LOCAL_RENDER_COMMENT)
  })

  it('colours the background by the seed, deterministically', async () => {
    const first = await seededPixel(123_456, 'seed-a.mp4')
    const again = await seededPixel(123_456, 'seed-b.mp4')
    const other = await seededPixel(42, 'seed-c.mp4')
    expect(again).toEqual(first)
    const distance = first.reduce((sum, channel, i) => sum + Math.abs(channel - (other[i] ?? 0)), 0)
    expect(distance).toBeGreaterThan(30)
  })

  it('refuses a duration outside 0 to 60 seconds', async () => {
    await expect(renderUgc({ prompt: 'x', seed: 1, durationSeconds: 0, outFile: inTemp('zero.mp4') })).rejects.toThrow(RangeError)
  })

  it('kills ffmpeg on abort and leaves no output', async () => {
    const controller = new AbortController()
    const outFile = inTemp('aborted.mp4')
    const render = renderUgc({
      prompt: 'long',
      seed: 3,
      durationSeconds: 60,
      outFile,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    })
    await expect(render).rejects.toThrow(RenderAbortedError)
    expect(existsSync(outFile)).toBe(false)
  })
})

describe('renderLipSync', () => {
  it('trims a longer video to the audio length and muxes the audio', async () => {
    const video = await makeVideo(inTemp('long.mp4'), 3)
    const audio = await makeAudio(inTemp('short.wav'), 1.2)
    const progress: RenderProgress[] = []
    const outFile = inTemp('lipsync-trim.mp4')
    const result = await renderLipSync({ videoFile: video, audioFile: audio, outFile, onProgress: (p) => progress.push(p) })
    expect(result.durationSeconds).toBeCloseTo(1.2, 1)
    await expectPortraitH264(outFile, 1.2)
    expect((await probeMedia(outFile)).audio?.codec).toBe('aac')
    expectMonotonicToEnd(progress, Math.round(result.durationSeconds * 1000))
  })

  it('loops a shorter (landscape) video up to the audio length', async () => {
    const video = await makeVideo(inTemp('short.mov'), 0.6, '320x180')
    const audio = await makeAudio(inTemp('long.mp3'), 2)
    const outFile = inTemp('lipsync-loop.mp4')
    const result = await renderLipSync({ videoFile: video, audioFile: audio, outFile })
    expect(result.durationSeconds).toBeGreaterThan(1.9)
    await expectPortraitH264(outFile, result.durationSeconds)
  })

  it("fails with ffmpeg's own words when the audio has no sound stream", async () => {
    const video = await makeVideo(inTemp('silent.mp4'), 1)
    const render = renderLipSync({ videoFile: video, audioFile: video, outFile: inTemp('no-audio.mp4') })
    await expect(render).rejects.toThrow(FfmpegError)
    await expect(render).rejects.toThrow(/matches no streams|Stream map/)
  })
})

describe('renderConsistentActor', () => {
  it('zooms over the face image with the prompt, in the portrait format', async () => {
    const image = await makeImage(inTemp('face.jpg'), '400x300')
    const progress: RenderProgress[] = []
    const outFile = inTemp('consistent.mp4')
    const result = await renderConsistentActor({ imageFile: image, prompt: 'Smiling host', durationSeconds: 1, outFile, onProgress: (p) => progress.push(p) })
    expect(result.durationSeconds).toBe(1)
    await expectPortraitH264(outFile, 1)
    expectMonotonicToEnd(progress, 1000)
  })
})

describe('runFfmpeg', () => {
  it('reports 0 and the total even when the render ends before ffmpeg’s first progress report', async () => {
    const progress: RenderProgress[] = []
    // 40 ms of a tiny clip: done long before ffmpeg's 0.5 s progress period.
    const args = ['-f', 'lavfi', '-i', 'color=c=black:s=16x16:r=25:d=0.04', '-f', 'null', '-']
    await runFfmpeg({ args, totalMillis: 40, onProgress: (p) => progress.push(p) })
    expect(progress).toEqual([
      { current: 0, total: 40 },
      { current: 40, total: 40 },
    ])
  })

  it('kills a run that outlives its kill timer', async () => {
    // An endless real-time source: without the timer this never ends.
    const args = ['-re', '-f', 'lavfi', '-i', 'color=c=black:s=16x16:r=5', '-f', 'null', '-']
    await expect(runFfmpeg({ args, timeoutMs: 300 })).rejects.toThrow(FfmpegTimeoutError)
  })
})
