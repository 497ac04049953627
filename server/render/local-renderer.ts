import { copyFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { VIDEO_HEIGHT, VIDEO_WIDTH } from '../../contract/constants.ts'
import type { Locale } from '../../contract/locale.ts'
import { escapeFilterValue, writeCaptionFile } from './caption.ts'
import { CAPTION_FONT_FILE } from './ffmpeg-binary.ts'
import { localInputArgs, probeDurationSeconds } from './probe.ts'
import { type ProgressListener, runFfmpeg } from './run-ffmpeg.ts'
import { backgroundExpressions, paletteForSeed } from './seed-palette.ts'
import { makeWorkDir } from './work-dirs.ts'

// The embedded stand-in for the video models (docs/architecture.md: embedded defaults):
// real 1080x1920 H.264 MP4s in the spec's portrait format (§9: 9:16, 1080p),
// made by ffmpeg, with real progress. It is not AI and says so twice: a label
// burnt into every frame, in the user's language (docs/decisions/0147), and the
// file's comment metadata.

/** The label burnt into every frame, per language (server text: the app's catalogs do not reach ffmpeg). */
export const LOCAL_RENDER_LABELS: Record<Locale, string> = {
  en: 'Local preview – not AI',
  de: 'Lokale Vorschau – keine KI',
}
export const LOCAL_RENDER_COMMENT = 'Actorly local renderer – not AI'
export const RENDER_FPS = 25
/** Longest clip the text and image renders accept (the spec offers 5 s). */
export const MAX_RENDER_SECONDS = 60

interface RenderJob {
  outFile: string
  onProgress?: ProgressListener
  signal?: AbortSignal
  /** ffmpeg's kill timer for this render (the local provider passes its job budget, server/providers/job-limits.ts). */
  timeoutMs?: number
  /** The language of the burnt-in label; English when absent. */
  locale?: Locale
}
export interface UgcRender extends RenderJob {
  prompt: string
  seed: number
  durationSeconds: number
}
export interface LipSyncRender extends RenderJob {
  videoFile: string
  audioFile: string
}
export interface ConsistentActorRender extends RenderJob {
  imageFile: string
  prompt: string
  durationSeconds: number
}

const FRAME = `${VIDEO_WIDTH}x${VIDEO_HEIGHT}`
const font = `fontfile=${escapeFilterValue(CAPTION_FONT_FILE)}`
/** The drawtext filter of the burnt-in label, in the job's language. */
export function labelFilter(locale: Locale = 'en'): string {
  return `drawtext=${font}:expansion=none:text=${escapeFilterValue(LOCAL_RENDER_LABELS[locale])}:fontsize=34:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=14:x=40:y=60`
}

function captionFilter(captionFile: string): string {
  return `drawtext=${font}:expansion=none:textfile=${escapeFilterValue(captionFile)}:fontsize=56:line_spacing=14:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=28:x=(w-text_w)/2:y=h-text_h-320`
}

/** Fast H.264 settings that keep a 5 s clip within the bench budget on 2 cores. */
function h264OutputArgs(durationSeconds: number, outFile: string): string[] {
  return [
    '-t',
    durationSeconds.toFixed(3),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '24',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-metadata',
    `comment=${LOCAL_RENDER_COMMENT}`,
    '-f',
    'mp4',
    '-y',
    outFile,
  ]
}

function assertDuration(seconds: number): void {
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_RENDER_SECONDS) {
    throw new RangeError(`durationSeconds must be above 0 and at most ${MAX_RENDER_SECONDS}`)
  }
}

/** Renders into a partial file and moves it into place only when ffmpeg succeeded. */
async function renderTo(job: RenderJob, durationSeconds: number, buildArgs: (workDir: string, partialFile: string) => Promise<string[]>): Promise<void> {
  const workDir = await makeWorkDir('render')
  const partialFile = path.join(workDir, 'out.mp4')
  try {
    const args = await buildArgs(workDir, partialFile)
    await runFfmpeg({
      args,
      totalMillis: Math.round(durationSeconds * 1000),
      onProgress: job.onProgress,
      signal: job.signal,
      ...(job.timeoutMs === undefined ? {} : { timeoutMs: job.timeoutMs }),
    })
    await rename(partialFile, job.outFile).catch(async (error: unknown) => {
      // The temp dir may be on another file system (EXDEV): copy instead.
      if (!(error instanceof Error) || !('code' in error) || error.code !== 'EXDEV') throw error
      await copyFile(partialFile, job.outFile)
    })
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/** UGC stand-in: the prompt as a caption over a background the seed colours. */
export async function renderUgc(job: UgcRender): Promise<{ durationSeconds: number }> {
  assertDuration(job.durationSeconds)
  const [r, g, b] = backgroundExpressions(paletteForSeed(job.seed))
  await renderTo(job, job.durationSeconds, async (workDir, partialFile) => {
    const caption = await writeCaptionFile(workDir, job.prompt)
    // The gradient is computed on a 108x192 canvas and scaled up: smooth and cheap.
    const source = `color=c=black:s=108x192:r=${RENDER_FPS}:d=${job.durationSeconds.toFixed(3)}`
    const graph = `[0:v]geq=r='${r}':g='${g}':b='${b}',scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:flags=bilinear,${captionFilter(caption)},${labelFilter(job.locale)},format=yuv420p[v]`
    return ['-f', 'lavfi', '-i', source, '-filter_complex', graph, '-map', '[v]', ...h264OutputArgs(job.durationSeconds, partialFile)]
  })
  return { durationSeconds: job.durationSeconds }
}

/**
 * Lip-sync stand-in: the input video with the given audio. The video loops
 * when shorter and is cut when longer, so the clip lasts exactly as long as
 * the audio; it is scaled and padded into the portrait frame.
 */
export async function renderLipSync(job: LipSyncRender): Promise<{ durationSeconds: number }> {
  const durationSeconds = await probeDurationSeconds(job.audioFile)
  await renderTo(job, durationSeconds, async (_workDir, partialFile) => {
    const graph = `[0:v]scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:force_original_aspect_ratio=decrease,pad=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${RENDER_FPS},${labelFilter(job.locale)},format=yuv420p[v]`
    return [
      '-stream_loop',
      '-1',
      ...localInputArgs(job.videoFile),
      ...localInputArgs(job.audioFile),
      '-filter_complex',
      graph,
      '-map',
      '[v]',
      '-map',
      '1:a:0',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      ...h264OutputArgs(durationSeconds, partialFile),
    ]
  })
  return { durationSeconds }
}

/** Consistent-actor stand-in: a slow zoom into the face image with the prompt. */
export async function renderConsistentActor(job: ConsistentActorRender): Promise<{ durationSeconds: number }> {
  assertDuration(job.durationSeconds)
  const frames = Math.round(job.durationSeconds * RENDER_FPS)
  await renderTo(job, job.durationSeconds, async (workDir, partialFile) => {
    const caption = await writeCaptionFile(workDir, job.prompt)
    const zoom = `zoompan=z='min(1+0.0025*on,1.4)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${FRAME}:fps=${RENDER_FPS}`
    const graph = `[0:v]scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:force_original_aspect_ratio=increase,crop=${VIDEO_WIDTH}:${VIDEO_HEIGHT},setsar=1,${zoom},${captionFilter(caption)},${labelFilter(job.locale)},format=yuv420p[v]`
    return [...localInputArgs(job.imageFile), '-filter_complex', graph, '-map', '[v]', ...h264OutputArgs(job.durationSeconds, partialFile)]
  })
  return { durationSeconds: job.durationSeconds }
}

export { probeDurationSeconds }
export type { ProgressListener, RenderProgress } from './run-ffmpeg.ts'
export { FfmpegError, FfmpegTimeoutError, RenderAbortedError } from './run-ffmpeg.ts'
