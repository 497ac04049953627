import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from '../db/schema.ts'
import { claimJobs } from '../domain/job-leases.ts'
import type { JobLimits } from '../providers/job-limits.ts'
import type { GenerationProvider } from '../providers/provider.ts'
import type { EventFeed } from './event-feed.ts'
import type { Posters } from '../media/posters.ts'
import { type JobWorkDeps, workClaimedJob } from './job-work.ts'

// The worker role (docs/decisions/0210): claims jobs nobody holds — new ones,
// and those whose worker died (its lease expired) — up to its capacity, and
// works each to its end (job-work.ts). It looks every claim interval, and at
// once when a job event says there may be work (a new job, a fal request id,
// a webhook's result). Nothing is resumed at boot by itself: a job is worked
// because its lease is free. Any number of workers share one database.

export interface JobWorkerOptions {
  db: Kysely<Database>
  log: Logger
  /** This worker's id, unique across instances (worker-id.ts). */
  owner: string
  providers: Partial<Record<GenerationProvider['name'], GenerationProvider>>
  limits: JobLimits
  leaseMs: number
  claimIntervalMs: number
  /** Local renders at once (LOCAL_RENDER_CONCURRENCY). */
  localConcurrency: number
  /** fal jobs followed at once. */
  falConcurrency: number
  feed: EventFeed
  /** Takes finished videos' poster frames (docs/decisions/0163). */
  posters?: Posters
  /** Told when this worker takes over a job another worker held (that worker died): clean up after dead runs. */
  onTakeover?: () => void
}

export interface JobWorker {
  start(): void
  /** Stops claiming, stops every job's work (ffmpeg killed) and gives the jobs back at once. */
  stop(): Promise<void>
  /** Ids of the jobs this worker works right now. */
  working(): string[]
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, log, owner } = options
  const held = new Map<string, { provider: string; done: Promise<void> }>()
  const waiters = new Map<string, Set<() => void>>()
  const stopping = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let round: Promise<void> | null = null
  let again = false
  let unsubscribe: (() => void)[] = []

  const wake = (jobId: string): void => {
    for (const waiter of waiters.get(jobId) ?? []) waiter()
  }

  function waitForChange(jobId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = waiters.get(jobId) ?? new Set<() => void>()
      waiters.set(jobId, set)
      const done = (): void => {
        clearTimeout(timeout)
        signal.removeEventListener('abort', done)
        set.delete(done)
        if (set.size === 0) waiters.delete(jobId)
        resolve()
      }
      const timeout = setTimeout(done, ms)
      signal.addEventListener('abort', done, { once: true })
      set.add(done)
      if (signal.aborted) done()
    })
  }

  const deps: JobWorkDeps = {
    db,
    log,
    owner,
    leaseMs: options.leaseMs,
    limits: options.limits,
    providers: options.providers,
    waitForChange,
    ...(options.posters === undefined ? {} : { posters: options.posters }),
  }
  const countOf = (provider: string): number => [...held.values()].filter((job) => job.provider === provider).length

  async function claimRound(): Promise<void> {
    for (const provider of ['local', 'fal'] as const) {
      if (options.providers[provider] === undefined || stopping.signal.aborted) continue
      const capacity = (provider === 'local' ? options.localConcurrency : options.falConcurrency) - countOf(provider)
      const claimed = await claimJobs(db, { owner, provider, limit: capacity, leaseMs: options.leaseMs })
      for (const row of claimed) {
        if (row.claims > 1) options.onTakeover?.()
        const done = workClaimedJob(deps, row, stopping.signal).finally(() => {
          held.delete(row.id)
          // A slot is free: look for more work now.
          claimSoon()
        })
        held.set(row.id, { provider, done })
      }
    }
  }

  /** One claim round at a time; a wake-up during a round runs another right after it. */
  function claimSoon(): void {
    if (stopping.signal.aborted) return
    if (round !== null) {
      again = true
      return
    }
    clearTimeout(timer)
    round = claimRound()
      .catch((error: unknown) => log.warn({ err: error }, 'claiming jobs failed; trying again'))
      .finally(() => {
        round = null
        if (stopping.signal.aborted) return
        if (again) {
          again = false
          claimSoon()
          return
        }
        timer = setTimeout(claimSoon, options.claimIntervalMs)
      })
  }

  return {
    start() {
      unsubscribe = [
        options.feed.subscribe(({ event }) => {
          if (held.has(event.requestId)) wake(event.requestId)
          // A new job, or a fal job whose request id arrived; progress of others' jobs is no work for us.
          else if (event.status.status === 'queued') claimSoon()
        }),
        options.feed.onResync(() => {
          for (const jobId of held.keys()) wake(jobId)
          claimSoon()
        }),
      ]
      log.info({ owner, leaseMs: options.leaseMs }, 'worker claiming jobs')
      claimSoon()
    },
    async stop() {
      stopping.abort()
      clearTimeout(timer)
      for (const stop of unsubscribe) stop()
      await round
      await Promise.all([...held.values()].map((job) => job.done))
    },
    working: () => [...held.keys()],
  }
}
