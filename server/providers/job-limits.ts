import { estimatedSpeechSeconds } from '../../contract/constants.ts'
import type { GenerationInput } from './provider.ts'

// Every time and retry limit of a generation job, in one place
// (docs/operations/generation.md, decision 0075). The spec names none; these
// keep a job from holding a user's credits — or the one-job-at-a-time slot —
// forever when a provider, the network or ffmpeg hangs.

export interface JobLimits {
  /** Each fal queue call (submit, status, result), the client's own retries included. */
  falCallTimeoutMs: number
  /** Downloading a finished fal video into our media store. */
  falResultTimeoutMs: number
  /** Largest fal result we copy home. */
  falResultMaxBytes: number
  /** A fal job older than this is failed and refunded, whatever fal says. */
  falMaxAgeMs: number
  /** The caption pass over a downloaded fal lip sync (ffmpeg re-encodes it). */
  falCaptionPassTimeoutMs: number
  /** A local job may take this long per second of clip, plus the base below (queue wait included). */
  localMsPerClipSecond: number
  localBaseMs: number
  /** Status questions in a row that end in an error (network, overload, hung call) before the job is failed. */
  maxConsecutiveStatusErrors: number
  /** Claims of one job by workers (each takeover after a worker died is one) before it is failed: a job that keeps killing its worker ends. */
  maxJobClaims: number
}

export const JOB_LIMITS: JobLimits = {
  // fal's queue answers in well under a second; 30 s covers its client's three retries with backoff.
  falCallTimeoutMs: 30_000,
  // 300 MB at a slow 3 MB/s.
  falResultTimeoutMs: 120_000,
  falResultMaxBytes: 300 * 1024 * 1024,
  // The models we use finish a clip in minutes; half an hour is a stuck queue, not a slow one.
  falMaxAgeMs: 30 * 60_000,
  // The local renderer's budget for a minute-long clip: a long clip on a busy worker takes minutes.
  falCaptionPassTimeoutMs: 11 * 60_000,
  // The local renderer makes a clip in about its own length on 2 cores; 10× plus a minute leaves room
  // for a few jobs queued ahead of it (LOCAL_RENDER_CONCURRENCY).
  localMsPerClipSecond: 10_000,
  localBaseMs: 60_000,
  // With a worker asking every 3 s (fal) this is a minute and a half of nothing but errors or
  // timeouts at the least — an outage that outlasts it refunds the job rather than keep the credits.
  maxConsecutiveStatusErrors: 30,
  // A takeover is rare (a worker died); five in one job's life means the job itself is the problem.
  maxJobClaims: 5,
}

/** Seconds of video a job makes: the clip length, for lip sync the (paid) audio length, for a voice its estimated length. */
export function clipSecondsOf(input: GenerationInput): number {
  switch (input.kind) {
    case 'lipsync':
      return input.audioSeconds
    case 'voice':
      return estimatedSpeechSeconds(input.text, input.language)
    default:
      return input.durationSeconds
  }
}

/** Oldest a job may get before a worker or the sweep fails and refunds it. */
export function maxJobAgeMs(limits: JobLimits, provider: string, input: GenerationInput | null): number {
  if (provider === 'fal') return limits.falMaxAgeMs
  return limits.localBaseMs + limits.localMsPerClipSecond * (input === null ? 60 : clipSecondsOf(input))
}

/** ffmpeg's kill timer for a local render: the whole job budget, counted from the render's start. */
export function localRenderTimeoutMs(limits: JobLimits, input: GenerationInput): number {
  return maxJobAgeMs(limits, 'local', input)
}

/**
 * A fal job with no request id older than this was abandoned by a process that
 * died mid-submit; a younger one may still be submitting in another instance.
 */
export function falSubmitGraceMs(limits: JobLimits): number {
  return 2 * limits.falCallTimeoutMs
}
