import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAPTION_STYLES, type CaptionCue } from '../../../contract/captions.ts'
import { CAPTION_SAFE_AREA, VIDEO_HEIGHT, VIDEO_WIDTH } from '../../../contract/constants.ts'
import { probeMedia } from '../probe.ts'
import { runFfmpeg } from '../run-ffmpeg.ts'
import { captionLayout } from './ass-document.ts'
import { burnCaptions, frameOf, renderCaptionStill } from './burn-captions.ts'

// Captions burnt in by libass with the shipped font: a captioned render
// differs from the plain video only inside the caption box, the box stays
// inside the 9:16 safe area (clear of the bottom fifth and the right edge),
// and the preview's still frame is the video's own size.

const FIRST: CaptionCue = {
  start: 0,
  end: 2,
  text: 'Größer, schöner, heißer: Grüße aus Köln an alle!',
  words: ['Größer,', 'schöner,', 'heißer:', 'Grüße', 'aus', 'Köln', 'an', 'alle!'].map((text, index) => ({
    text,
    start: index * 0.25,
    end: index * 0.25 + 0.25,
  })),
}
const CUES: CaptionCue[] = [FIRST]

let dir: string
let clip: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'actorly-burn-'))
  // Ten frames a second, so every moment the test looks at has a frame of its own.
  clip = path.join(dir, 'plain.mp4')
  const source = `color=c=0x336699:size=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:rate=10:duration=2`
  await runFfmpeg({ args: ['-f', 'lavfi', '-i', source, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', clip] })
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** One frame at `at` (of a video; a still has only one) as 8-bit grey pixels, row by row. */
async function greyFrame(file: string, at: number | 'still'): Promise<Buffer> {
  const out = path.join(dir, `frame-${path.basename(file)}-${at}.gray`)
  const seek = at === 'still' ? [] : ['-ss', String(at)]
  await runFfmpeg({ args: [...seek, '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-y', out] })
  const pixels = await readFile(out)
  expect(pixels.length).toBe(VIDEO_WIDTH * VIDEO_HEIGHT)
  return pixels
}

/** The smallest box holding every pixel that differs by more than compression noise. */
function differingBox(a: Buffer, b: Buffer, width: number): { left: number; right: number; top: number; bottom: number } | null {
  let box: { left: number; right: number; top: number; bottom: number } | null = null
  for (let i = 0; i < a.length; i += 1) {
    if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) <= 24) continue
    const x = i % width
    const y = Math.floor(i / width)
    box =
      box === null
        ? { left: x, right: x, top: y, bottom: y }
        : { left: Math.min(box.left, x), right: Math.max(box.right, x), top: Math.min(box.top, y), bottom: Math.max(box.bottom, y) }
  }
  return box
}

describe('captions burnt into a portrait video', () => {
  it.each(CAPTION_STYLES)('draws the %s style only in the caption box, inside the safe area', async (style) => {
    const captioned = path.join(dir, `${style}.mp4`)
    await burnCaptions({ videoFile: clip, outFile: captioned, workDir: dir, cues: CUES, style })
    const facts = await probeMedia(captioned)
    expect(facts.video).toMatchObject({ width: VIDEO_WIDTH, height: VIDEO_HEIGHT })
    const box = differingBox(await greyFrame(clip, 1.1), await greyFrame(captioned, 1.1), VIDEO_WIDTH)
    expect(box).not.toBeNull()
    const layout = captionLayout({ width: VIDEO_WIDTH, height: VIDEO_HEIGHT })
    // The caption box: between the side margins, from the bottom margin up by at most two lines and their padding.
    expect(box?.left).toBeGreaterThanOrEqual(layout.marginLeft - layout.fontSize * 0.5)
    expect(box?.right).toBeLessThanOrEqual(VIDEO_WIDTH - layout.marginRight + layout.fontSize * 0.5)
    expect(box?.bottom).toBeLessThanOrEqual(VIDEO_HEIGHT - layout.marginBottom + layout.fontSize * 0.6)
    expect(box?.top).toBeGreaterThanOrEqual(VIDEO_HEIGHT - layout.marginBottom - layout.fontSize * 3.2)
    // And the box is inside the safe area short-video apps leave free.
    expect(box?.bottom).toBeLessThan(VIDEO_HEIGHT * (1 - CAPTION_SAFE_AREA.bottomShare))
    expect(box?.right).toBeLessThan(VIDEO_WIDTH * (1 - CAPTION_SAFE_AREA.rightShare))
    expect(box?.left).toBeGreaterThan(VIDEO_WIDTH * CAPTION_SAFE_AREA.leftShare * 0.5)
    expect(box?.top).toBeGreaterThan(VIDEO_HEIGHT * CAPTION_SAFE_AREA.topShare)
  })

  it('shows nothing once the last caption has ended', async () => {
    const short: CaptionCue[] = [{ ...FIRST, end: 0.5 }]
    const captioned = path.join(dir, 'short.mp4')
    await burnCaptions({ videoFile: clip, outFile: captioned, workDir: dir, cues: short, style: 'boxed' })
    expect(differingBox(await greyFrame(clip, 1.5), await greyFrame(captioned, 1.5), VIDEO_WIDTH)).toBeNull()
  })

  it('captions a phone clip stored on its side (a quarter turn in its metadata) as it is shown: upright', async () => {
    // The same picture as the plain clip, stored as 1920x1080 with a display rotation, as phones record it.
    const sideways = path.join(dir, 'sideways.mp4')
    const rotated = path.join(dir, 'rotated.mp4')
    const source = `color=c=0x336699:size=${VIDEO_HEIGHT}x${VIDEO_WIDTH}:rate=10:duration=2`
    await runFfmpeg({ args: ['-f', 'lavfi', '-i', source, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', sideways] })
    await runFfmpeg({ args: ['-i', sideways, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-y', rotated] })
    expect((await probeMedia(rotated)).video).toMatchObject({ width: VIDEO_HEIGHT, height: VIDEO_WIDTH })
    expect(await frameOf(rotated)).toMatchObject({ width: VIDEO_WIDTH, height: VIDEO_HEIGHT })

    const plainStill = path.join(dir, 'plain-still.jpg')
    const rotatedStill = path.join(dir, 'rotated-still.jpg')
    await renderCaptionStill({ videoFile: clip, outFile: plainStill, workDir: dir, cues: CUES, style: 'boxed', at: 0.3 })
    await renderCaptionStill({ videoFile: rotated, outFile: rotatedStill, workDir: dir, cues: CUES, style: 'boxed', at: 0.3 })
    // The captions sit where they sit on a portrait clip: the two stills are the same picture.
    expect(differingBox(await greyFrame(plainStill, 'still'), await greyFrame(rotatedStill, 'still'), VIDEO_WIDTH)).toBeNull()
  })

  it('renders the preview still at the video’s own size', async () => {
    const still = path.join(dir, 'still.jpg')
    await renderCaptionStill({ videoFile: clip, outFile: still, workDir: dir, cues: CUES, style: 'bold', at: 0.3 })
    expect((await probeMedia(still)).video).toMatchObject({ width: VIDEO_WIDTH, height: VIDEO_HEIGHT })
  })
})
