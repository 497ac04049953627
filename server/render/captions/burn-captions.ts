import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CaptionCue, CaptionStyle } from '../../../contract/captions.ts'
import { escapeFilterValue } from '../caption.ts'
import { probeMedia, shownSize } from '../probe.ts'
import { type ProgressListener, runFfmpeg } from '../run-ffmpeg.ts'
import { assDocument, type Frame } from './ass-document.ts'

// Burns captions into a video with ffmpeg's `ass` filter (libass, in both the
// npm and the Debian ffmpeg), with the fonts shipped in server/render/fonts,
// and renders one still frame of it for the preview before paying.

/** The fonts libass loads: DejaVu Sans and its bold, shipped with the server (LICENSE-DejaVu.txt beside them). */
export const CAPTION_FONTS_DIR = fileURLToPath(new URL('../fonts/', import.meta.url))

export class CaptionVideoError extends Error {
  override name = 'CaptionVideoError'
}

/**
 * The video's picture size as shown (ffmpeg turns a phone clip upright before
 * the `ass` filter draws on it); throws CaptionVideoError when it has no picture.
 */
export async function frameOf(videoFile: string): Promise<Frame & { seconds: number | null }> {
  const facts = await probeMedia(videoFile)
  if (facts.video === null) throw new CaptionVideoError('The video has no picture to put captions on')
  return { ...shownSize(facts.video), seconds: facts.durationSeconds }
}

async function assFilter(dir: string, cues: readonly CaptionCue[], style: CaptionStyle, frame: Frame): Promise<string> {
  const script = path.join(dir, 'captions.ass')
  await writeFile(script, assDocument(cues, style, frame), 'utf8')
  return `ass=filename=${escapeFilterValue(script)}:fontsdir=${escapeFilterValue(CAPTION_FONTS_DIR)}`
}

export interface BurnJob {
  videoFile: string
  outFile: string
  /** A folder of the caller's for the subtitle script. */
  workDir: string
  cues: readonly CaptionCue[]
  style: CaptionStyle
  onProgress?: ProgressListener
  signal?: AbortSignal
  timeoutMs?: number
}

/** The video again with the captions in its picture; the sound and the container's metadata are kept. */
export async function burnCaptions(job: BurnJob): Promise<void> {
  const frame = await frameOf(job.videoFile)
  const filter = await assFilter(job.workDir, job.cues, job.style, frame)
  await runFfmpeg({
    args: [
      '-i',
      job.videoFile,
      '-vf',
      filter,
      '-map',
      '0:v:0',
      '-map',
      '0:a?',
      '-map_metadata',
      '0',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      job.outFile,
    ],
    ...(frame.seconds === null ? {} : { totalMillis: Math.round(frame.seconds * 1000) }),
    ...(job.onProgress === undefined ? {} : { onProgress: job.onProgress }),
    ...(job.signal === undefined ? {} : { signal: job.signal }),
    ...(job.timeoutMs === undefined ? {} : { timeoutMs: job.timeoutMs }),
  })
}

export interface StillJob {
  videoFile: string
  outFile: string
  workDir: string
  cues: readonly CaptionCue[]
  style: CaptionStyle
  /** The second shown. */
  at: number
  signal?: AbortSignal
}

/** One JPEG frame at `at` with the captions drawn as the burn draws them (timestamps kept, so the right caption shows). */
export async function renderCaptionStill(job: StillJob): Promise<void> {
  const frame = await frameOf(job.videoFile)
  const at = frame.seconds === null ? job.at : Math.min(job.at, Math.max(0, frame.seconds - 0.05))
  const filter = await assFilter(job.workDir, job.cues, job.style, frame)
  await runFfmpeg({
    args: ['-ss', at.toFixed(3), '-copyts', '-i', job.videoFile, '-vf', filter, '-frames:v', '1', '-q:v', '3', '-f', 'image2', '-y', job.outFile],
    ...(job.signal === undefined ? {} : { signal: job.signal }),
    timeoutMs: 30_000,
  })
}
