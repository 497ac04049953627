import { VIDEO_HEIGHT, VIDEO_WIDTH } from '../../../contract/constants.ts'
import { probeMedia, shownSize } from '../../render/probe.ts'
import { FfmpegError } from '../../render/run-ffmpeg.ts'
import type { GenerationInput } from '../provider.ts'

// A fal result is measured before it is stored (decision 0231): a UGC video
// must be the portrait 1080x1920 clip of the length the user paid for. One
// that is not is failed and refunded, never stored as something else (and
// never re-framed: a crop of a landscape clip is not what was asked for).

/** How far a result may be from what was asked: models round frame counts and sizes. */
export const RESULT_TOLERANCE = {
  /** Seconds either way (Seedance's 5 s are 121 frames at 24 fps: 5.04 s). */
  seconds: 0.5,
  /** Share of each side (a model may round 1080 to 1088, a multiple of 16). */
  size: 0.02,
} as const

export interface ExpectedVideo {
  width: number
  height: number
  seconds: number
}

/** spec §3/§9: UGC is 9:16 at 1080p, as long as the request's duration. Other kinds are not checked. */
export function expectedVideoOf(input: GenerationInput): ExpectedVideo | null {
  return input.kind === 'ugc' ? { width: VIDEO_WIDTH, height: VIDEO_HEIGHT, seconds: input.durationSeconds } : null
}

const near = (measured: number, asked: number, tolerance: number): boolean => Math.abs(measured - asked) <= tolerance

/** What is wrong with a downloaded result, or null when it is what was asked for. */
export async function resultProblem(file: string, input: GenerationInput): Promise<string | null> {
  const expected = expectedVideoOf(input)
  if (expected === null) return null
  let facts: Awaited<ReturnType<typeof probeMedia>>
  try {
    facts = await probeMedia(file)
  } catch (error) {
    if (error instanceof FfmpegError) return "fal's result is not a readable video"
    throw error
  }
  const asked = `the ${expected.width}x${expected.height} portrait clip of ${expected.seconds} s asked for`
  if (facts.video === null) return `fal's result has no picture, not ${asked}`
  // As a player shows it: a clip stored on its side with a quarter turn is upright.
  const { width, height } = shownSize(facts.video)
  if (!near(width, expected.width, expected.width * RESULT_TOLERANCE.size) || !near(height, expected.height, expected.height * RESULT_TOLERANCE.size)) {
    return `fal's video is ${width}x${height}, not ${asked}`
  }
  const seconds = facts.durationSeconds
  if (seconds === null || !near(seconds, expected.seconds, RESULT_TOLERANCE.seconds)) {
    return `fal's video lasts ${seconds === null ? 'an unknown time' : `${seconds.toFixed(2)} s`}, not ${asked}`
  }
  return null
}
