import path from 'node:path'
import { FfmpegError, runFfmpeg } from './run-ffmpeg.ts'

// There is no ffprobe in the shipped ffmpeg build, so media facts come from
// `ffmpeg -i` (which prints the input's header and then exits with an error
// because no output was given) or, when the header has no duration (e.g. a
// MediaRecorder webm), from decoding the whole file to the null muxer.

export interface MediaFacts {
  durationSeconds: number | null
  /** `width` × `height` as stored; `rotation`: degrees a player turns the picture by (a phone's display matrix), 0 for none. */
  video: { codec: string; pixelFormat: string; width: number; height: number; rotation: number } | null
  audio: { codec: string } | null
}

/**
 * The picture as players (and ffmpeg's filters, which turn it first) show it:
 * a phone clip stored 1920x1080 with a quarter turn is a 1080x1920 picture.
 */
export function shownSize(video: { width: number; height: number; rotation: number }): { width: number; height: number } {
  const quarterTurns = Math.round(video.rotation / 90)
  return quarterTurns % 2 === 0 ? { width: video.width, height: video.height } : { width: video.height, height: video.width }
}

/** The rotation of the video stream whose header starts at `from`: its display matrix, or an older build's `rotate` tag. */
function rotationAfter(stderr: string, from: number): number {
  const rest = stderr.slice(from)
  const next = rest.slice(1).search(/\n\s*Stream #/)
  const section = next < 0 ? rest : rest.slice(0, next + 1)
  const matrix = /displaymatrix: rotation of (-?\d+(?:\.\d+)?) degrees/.exec(section)
  if (matrix?.[1] !== undefined) return Number(matrix[1])
  const tag = /^\s*rotate\s*:\s*(-?\d+)/m.exec(section)
  return tag?.[1] === undefined ? 0 : Number(tag[1])
}

/** Reads an input only from the local file system (no protocols, no playlists). */
export function localInputArgs(file: string): string[] {
  return ['-protocol_whitelist', 'file', '-i', `file:${path.resolve(file)}`]
}

function parseClock(hours: string, minutes: string, seconds: string): number {
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)
}

/** Parses the header `ffmpeg -i` prints (exported for tests). */
export function parseMediaFacts(stderr: string): MediaFacts {
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr)
  const video = /Stream #\d+:\d+[^:]*: Video: (\w+)[^,]*, (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(stderr)
  const audio = /Stream #\d+:\d+[^:]*: Audio: (\w+)/.exec(stderr)
  return {
    durationSeconds:
      duration?.[1] !== undefined && duration[2] !== undefined && duration[3] !== undefined ? parseClock(duration[1], duration[2], duration[3]) : null,
    video:
      video?.[1] !== undefined && video[2] !== undefined && video[3] !== undefined && video[4] !== undefined
        ? { codec: video[1], pixelFormat: video[2], width: Number(video[3]), height: Number(video[4]), rotation: rotationAfter(stderr, video.index) }
        : null,
    audio: audio?.[1] === undefined ? null : { codec: audio[1] },
  }
}

async function headerOf(file: string): Promise<string> {
  try {
    // Without an output ffmpeg exits 1 after printing the header; that is the
    // expected path. A real failure shows up as missing facts below.
    return await runFfmpeg({ args: localInputArgs(file) })
  } catch (error) {
    if (error instanceof FfmpegError) return error.log
    throw error
  }
}

/** Last `time=` ffmpeg reports while decoding the whole file. */
async function decodedSeconds(file: string): Promise<number | null> {
  const log = await runFfmpeg({ args: [...localInputArgs(file), '-f', 'null', '-'] })
  const times = [...log.matchAll(/time=(\d+):(\d\d):(\d\d(?:\.\d+)?)/g)]
  const last = times.at(-1)
  return last?.[1] === undefined || last[2] === undefined || last[3] === undefined ? null : parseClock(last[1], last[2], last[3])
}

/** Facts about a local audio, video or image file. */
export async function probeMedia(file: string): Promise<MediaFacts> {
  const header = await headerOf(file)
  if (!/Input #0/.test(header)) throw new FfmpegError('ffmpeg cannot read this file', 1, header)
  return parseMediaFacts(header)
}

/** Duration of a local audio or video file in seconds; rejects when it has none. */
export async function probeDurationSeconds(file: string): Promise<number> {
  const facts = await probeMedia(file)
  const seconds = facts.durationSeconds ?? (await decodedSeconds(file))
  if (seconds === null || seconds <= 0) throw new FfmpegError('The file has no playable duration', 1, '')
  return seconds
}
