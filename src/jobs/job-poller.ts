import type { StatusResponse } from '@contract/generations'
import { POLL_TICK_MS } from '@contract/constants'
import { answeredPercent, easedPercent, realPercent } from './displayed-percent'
import type { ProgressEasing } from './job-config'
import type { JobOutcome, JobProgress } from './job-progress'

// One job's polling (spec §4): an immediate status check, then a one-second
// counter that polls when it reaches the threshold; meanwhile the displayed
// percent climbs, and each answer lifts it to the server's figure (decision 0250).
// A status pushed by the server's event stream is taken like a poll's answer
// (decision 0212): the polls go on as the fallback.

export interface PollerOptions {
  /** The job's status call (spec §7). */
  check(): Promise<StatusResponse>
  /** Whether a failed check means the job is gone for good (e.g. 404), not a passing network error. */
  isGone(error: unknown): boolean
  threshold: number
  easing: ProgressEasing
  /** Where the display starts (what another tab last showed). */
  initial?: JobProgress
  onProgress(progress: JobProgress): void
  onEnd(outcome: JobOutcome): void
}

export interface JobPoller {
  /** Polls now and restarts the counter (coming back online or to the foreground). */
  checkNow(): void
  /** A status the event stream brought: shown (or ended) at once, as a poll's answer would be. */
  deliver(answer: StatusResponse): void
  stop(): void
}

export function createJobPoller(options: PollerOptions): JobPoller {
  let progress: JobProgress = options.initial ?? { percent: 0, hangTight: true }
  let real = 0
  let answered = false
  let ticks = 0
  let checking = false
  let stopped = false

  /** Reports a change; `always` reports even an unchanged value (the first answer: the job is confirmed and shown). */
  const show = (next: JobProgress, always = false) => {
    if (!always && next.percent === progress.percent && next.hangTight === progress.hangTight) return
    progress = next
    options.onProgress(progress)
  }

  const end = (outcome: JobOutcome) => {
    stop()
    options.onEnd(outcome)
  }

  const apply = (answer: StatusResponse) => {
    if (answer.status === 'completed' && answer.outputUrl) {
      // A captioned lip sync brings its .vtt and .srt (docs/decisions/0234).
      return end({ status: 'completed', outputUrl: answer.outputUrl, captions: answer.captions })
    }
    // spec §4: an error field stops polling and its text is shown.
    if (answer.status === 'failed' || answer.status === 'completed' || answer.error !== undefined) {
      return end({ status: 'failed', error: answer.error ?? '' })
    }
    real = realPercent(answer.progress)
    const hangTight = answer.progress.totalprogress === 0
    // The first answer is reported even unchanged: the job is confirmed and shown.
    const first = !answered
    answered = true
    show({ percent: answeredPercent(progress.percent, real), hangTight }, first)
  }

  /** A poll fell due while the previous check was still on its way: it is made as soon as that one answers. */
  let due = false

  const check = () => {
    if (stopped) return
    if (checking) {
      due = true
      return
    }
    checking = true
    options
      .check()
      .then((answer) => {
        if (!stopped) apply(answer)
      })
      .catch((error: unknown) => {
        // A passing failure (offline, a 5xx) waits for the next poll; a job the server does not know ends.
        if (!stopped && options.isGone(error)) end({ status: 'failed', error: '' })
      })
      .finally(() => {
        checking = false
        if (due) {
          due = false
          check()
        }
      })
  }

  const tick = setInterval(() => {
    ticks += 1
    if (ticks < options.threshold) return
    ticks = 0
    check()
  }, POLL_TICK_MS)

  const ease = setInterval(() => {
    show({ percent: easedPercent(progress.percent, real, options.easing.points), hangTight: progress.hangTight })
  }, options.easing.intervalMs)

  function stop() {
    stopped = true
    clearInterval(tick)
    clearInterval(ease)
  }

  check()
  return {
    checkNow() {
      ticks = 0
      check()
    },
    deliver(answer) {
      if (!stopped) apply(answer)
    },
    stop,
  }
}
