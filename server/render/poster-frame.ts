import { stat } from 'node:fs/promises'
import { POSTER_MAX_EDGE_PX } from '../../contract/constants.ts'
import { localInputArgs, probeMedia } from './probe.ts'
import { FfmpegError, runFfmpeg } from './run-ffmpeg.ts'

// A finished video's poster frame (docs/decisions/0163): one JPEG, the video's
// own proportions, its longer edge at most POSTER_MAX_EDGE_PX. Not the first
// frame: many clips fade in from black. ffmpeg seeks a little way in and its
// `thumbnail` filter picks, of the next second of frames, the one closest to
// their average look, so a cut or a blink is not the poster either.

/** How far into the clip the frames to choose from start (less for very short clips). */
const SEEK_SECONDS = 1
/** Frames the `thumbnail` filter chooses among (one second at 25 fps). */
const CANDIDATE_FRAMES = 25
/** mjpeg's quality scale, 2 (best) to 31: 4 keeps faces and captions clean at a few dozen kB. */
const JPEG_QUALITY = '4'
/** A poster of a clip of a few MB takes well under a second; this only ends a hung ffmpeg. */
const POSTER_TIMEOUT_MS = 30_000

export interface PosterFrame {
  width: number
  height: number
  /** The video's length as its header states it; null when it states none. */
  videoSeconds: number | null
}

/** The poster's size: the video's proportions, the longer edge at most `maxEdge`, both sides even (JPEG chroma). */
export function posterSize(width: number, height: number, maxEdge = POSTER_MAX_EDGE_PX): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height))
  const even = (value: number): number => Math.max(2, 2 * Math.round((value * scale) / 2))
  return { width: even(width), height: even(height) }
}

/** Where to start looking for the poster: a second in, or a third of the way into a shorter clip. */
export function posterSeekSeconds(videoSeconds: number | null): number {
  if (videoSeconds === null || videoSeconds <= 0) return 0
  return Math.min(SEEK_SECONDS, videoSeconds / 3)
}

/** Writes the poster of `videoFile` to `outFile` (a .jpg path); rejects when the file has no picture. */
export async function takePosterFrame(videoFile: string, outFile: string, signal?: AbortSignal): Promise<PosterFrame> {
  const facts = await probeMedia(videoFile)
  if (facts.video === null) throw new FfmpegError('The file has no video stream to take a poster from', 1, '')
  const size = posterSize(facts.video.width, facts.video.height)
  const seek = posterSeekSeconds(facts.durationSeconds)
  await runFfmpeg({
    args: [
      '-ss',
      seek.toFixed(3),
      ...localInputArgs(videoFile),
      '-map',
      '0:v:0',
      '-vf',
      `scale=${size.width}:${size.height}:flags=bicubic,thumbnail=${CANDIDATE_FRAMES}`,
      '-frames:v',
      '1',
      '-q:v',
      JPEG_QUALITY,
      '-f',
      'image2',
      '-y',
      outFile,
    ],
    timeoutMs: POSTER_TIMEOUT_MS,
    ...(signal === undefined ? {} : { signal }),
  })
  // A seek past the last frame makes ffmpeg succeed without writing anything.
  const written = await stat(outFile).catch(() => null)
  if (written === null || written.size === 0) throw new FfmpegError('ffmpeg wrote no poster frame', 0, '')
  return { ...size, videoSeconds: facts.durationSeconds }
}
