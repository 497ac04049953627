import type { PendingJob } from '@/device/device-db'
import type { StatusResponse } from '@contract/generations'
import { refusalOf } from '@/api/refusal'
import { callStatus } from './job-calls'
import { pollThreshold, progressEasing } from './job-config'
import { createJobPoller, type JobPoller } from './job-poller'
import type { JobOutcome, JobProgress } from './job-progress'

// The polling tab runs one poller per unfinished job of the signed-in user
// (design card: "generations resume polling after reload from stored request ids"),
// each starting where the job's row says the display was (what another tab showed).

export interface CoordinatorHooks {
  onProgress(job: PendingJob, progress: JobProgress): void
  onEnd(job: PendingJob, outcome: JobOutcome): void
}

export interface PollCoordinator {
  /** Starts pollers for new unfinished rows and stops those whose row ended or left. */
  sync(rows: readonly PendingJob[]): void
  /** Polls every job now (back online, back in the foreground: architecture "Device"). */
  checkAll(): void
  /** A status the event stream brought for one of the jobs (others are ignored). */
  deliver(requestId: string, answer: StatusResponse): void
  /** Whether a job is being followed (the stream is needed while one is). */
  following(): boolean
  stop(): void
}

/** 404: the server has no such job for this user (another account's, or gone); polling it again cannot help. */
const isGone = (error: unknown): boolean => refusalOf(error)?.status === 404

export function createPollCoordinator(hooks: CoordinatorHooks): PollCoordinator {
  const pollers = new Map<string, JobPoller>()
  /** Jobs whose end this coordinator heard: rows read before their outcome was written must not start them again. */
  const ended = new Set<string>()

  return {
    sync(rows) {
      const running = new Map(rows.filter((row) => row.outcome === undefined && !ended.has(row.requestId)).map((row) => [row.requestId, row]))
      for (const [requestId, poller] of pollers) {
        if (running.has(requestId)) continue
        poller.stop()
        pollers.delete(requestId)
      }
      for (const [requestId, job] of running) {
        if (pollers.has(requestId)) continue
        pollers.set(
          requestId,
          createJobPoller({
            check: () => callStatus(job.kind, requestId),
            isGone,
            threshold: pollThreshold(job.demo),
            easing: progressEasing(job.params, job.demo),
            initial: job.progress,
            onProgress: (progress) => hooks.onProgress(job, progress),
            onEnd: (outcome) => {
              pollers.delete(requestId)
              ended.add(requestId)
              hooks.onEnd(job, outcome)
            },
          }),
        )
      }
    },
    checkAll() {
      for (const poller of pollers.values()) poller.checkNow()
    },
    deliver(requestId, answer) {
      pollers.get(requestId)?.deliver(answer)
    },
    following: () => pollers.size > 0,
    stop() {
      for (const poller of pollers.values()) poller.stop()
      pollers.clear()
    },
  }
}
