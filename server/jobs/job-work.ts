import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { GENERATION_MESSAGES } from '../../contract/generations.ts'
import type { Database } from '../db/schema.ts'
import { completeJob, failJob, findJob, recordProgress } from '../domain/generations-jobs.ts'
import type { JobRow } from '../db/schema-generations.ts'
import { parseJobParams } from '../domain/generations-params.ts'
import { releaseLease, renewLease } from '../domain/job-leases.ts'
import { maxJobAgeMs, type JobLimits } from '../providers/job-limits.ts'
import { localRequestId } from '../providers/local/local-provider.ts'
import type { Posters } from '../media/posters.ts'
import type { GenerationInput, GenerationProvider, ProviderStatus, WorkContext } from '../providers/provider.ts'
import { takeJobPoster } from './job-poster.ts'

// Working one claimed job to its end under its lease (docs/decisions/0210):
// the lease is renewed every third of its length; a renewal that finds the
// job ended or taken, an event saying it ended, or its deadline aborts the
// work (ffmpeg is killed, a download dropped). Every write is conditional on
// still holding the lease. A worker that stops gives the job back at once; a
// passing error gives it back after a pause, for any worker to try again.

/** Why a job's work stopped before the provider answered. */
export type StopReason = 'lost' | 'deadline' | 'stopping'

export class WorkStopped extends Error {
  override name = 'WorkStopped'
  readonly reason: StopReason
  constructor(reason: StopReason) {
    super(`work stopped: ${reason}`)
    this.reason = reason
  }
}

export interface JobWorkDeps {
  db: Kysely<Database>
  log: Logger
  owner: string
  leaseMs: number
  limits: JobLimits
  providers: Partial<Record<GenerationProvider['name'], GenerationProvider>>
  /** Resolves when an event for the job arrives, or after `ms` (the worker's wake-ups). */
  waitForChange(jobId: string, ms: number, signal: AbortSignal): Promise<void>
  /** Takes a finished video's poster frame (docs/decisions/0163); without it jobs complete without one. */
  posters?: Posters
}

/** A job that fails right after a passing error is not claimed again for this long. */
const RETRY_AFTER_MS = 5_000

/** The stored input, or null when the row's params cannot be read (such a job can only be failed). */
export function inputOf(row: JobRow): GenerationInput | null {
  try {
    return parseJobParams(row.params).input
  } catch {
    return null
  }
}

/** Why a claimed job must not be worked at all, or null. */
function refusal(row: JobRow, provider: GenerationProvider | undefined, input: GenerationInput | null, limits: JobLimits): string | null {
  if (provider === undefined) return `provider ${row.provider} is not configured in this worker`
  if (input === null) return 'the job parameters cannot be read'
  if (row.claims > limits.maxJobClaims) return `claimed ${row.claims} times: each worker stopped while working it`
  if (Date.now() - Date.parse(row.created_at) > maxJobAgeMs(limits, row.provider, input)) return 'the job outlived its deadline'
  return null
}

/** Progress writes in order, at most one in flight, the newest winning. */
function progressWriter(deps: JobWorkDeps, first: JobRow, lost: () => void) {
  let row = first
  let next: ProviderStatus | null = null
  let writing: Promise<void> | null = null
  const drain = async (): Promise<void> => {
    while (next !== null) {
      const status = next
      next = null
      try {
        const updated = await recordProgress(deps.db, row, status, deps.owner)
        if (updated === undefined) lost()
        else row = updated
      } catch (error) {
        deps.log.warn({ jobId: row.id, err: error }, 'recording progress failed; the next report tries again')
      }
    }
    writing = null
  }
  return {
    report(status: ProviderStatus): void {
      next = status
      writing ??= drain()
    },
    settled: async (): Promise<void> => {
      await writing
    },
  }
}

async function end(deps: JobWorkDeps, row: JobRow, outcome: ProviderStatus, signal: AbortSignal): Promise<void> {
  const { db, log, owner, posters } = deps
  if (outcome.state === 'completed') {
    const poster = posters === undefined || outcome.outputUrl === undefined ? null : await takeJobPoster(posters, log, row, outcome.outputUrl, signal)
    const done = await completeJob(db, row.id, outcome, { leaseOwner: owner, poster })
    if (!done && poster !== null) {
      await posters?.discard(poster.thumbnailUrl).catch((error: unknown) => log.warn({ jobId: row.id, err: error }, 'removing an unused poster failed'))
    }
    log.info(
      { jobId: row.id, provider: row.provider, completed: done },
      done ? 'generation completed' : 'generation finished after its lease was lost; not recorded',
    )
    return
  }
  log.warn({ jobId: row.id, provider: row.provider, reason: outcome.error }, 'generation failed; refunding')
  await failJob(db, row.id, GENERATION_MESSAGES.failedToGenerate, { leaseOwner: owner })
}

/** Works one claimed job to its end; never throws. `stopping` aborts it when the worker shuts down. */
export async function workClaimedJob(deps: JobWorkDeps, row: JobRow, stopping: AbortSignal): Promise<void> {
  const { db, log, owner, leaseMs, limits } = deps
  const provider = row.provider === 'local' || row.provider === 'fal' ? deps.providers[row.provider] : undefined
  const input = inputOf(row)
  const refused = refusal(row, provider, input, limits)
  if (refused !== null || provider === undefined || input === null) {
    log.warn({ jobId: row.id, reason: refused }, 'generation failed before work; refunding')
    await failJob(db, row.id, GENERATION_MESSAGES.failedToGenerate, { leaseOwner: owner }).catch((error: unknown) =>
      log.error({ jobId: row.id, err: error }, 'failing a job failed'),
    )
    return
  }
  const controller = new AbortController()
  const stop = (reason: StopReason): void => controller.abort(new WorkStopped(reason))
  const onStopping = (): void => stop('stopping')
  stopping.addEventListener('abort', onStopping, { once: true })
  if (stopping.aborted) stop('stopping')
  const renewal = setInterval(
    () => {
      renewLease(db, row.id, owner, leaseMs).then(
        (held) => {
          if (!held) stop('lost')
        },
        (error: unknown) => log.warn({ jobId: row.id, err: error }, 'renewing a lease failed; trying again'),
      )
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  )
  const deadlineAt = Date.parse(row.created_at) + maxJobAgeMs(limits, row.provider, input)
  const deadline = setTimeout(() => stop('deadline'), Math.max(0, deadlineAt - Date.now()))
  const progress = progressWriter(deps, row, () => stop('lost'))
  const context: WorkContext = {
    signal: controller.signal,
    report: (status) => progress.report(status),
    pause: (ms) => deps.waitForChange(row.id, ms, controller.signal),
    async deliveredResultUrl() {
      const fresh = await findJob(db, row.id)
      if (fresh === undefined || (fresh.status !== 'queued' && fresh.status !== 'running') || fresh.lease_owner !== owner) stop('lost')
      controller.signal.throwIfAborted()
      return fresh?.provider_result_url ?? null
    },
  }
  const requestId = row.provider_request_id ?? localRequestId(row.id)
  log.info({ jobId: row.id, provider: row.provider, claims: row.claims }, 'working a generation')
  try {
    const outcome = await provider.work({ jobId: row.id, requestId, input }, context)
    await progress.settled()
    controller.signal.throwIfAborted()
    await end(deps, row, outcome, controller.signal)
  } catch (error) {
    await progress.settled()
    const reason = controller.signal.reason instanceof WorkStopped ? controller.signal.reason.reason : null
    await afterStop(deps, row, reason, error)
  } finally {
    clearInterval(renewal)
    clearTimeout(deadline)
    stopping.removeEventListener('abort', onStopping)
  }
}

async function afterStop(deps: JobWorkDeps, row: JobRow, reason: StopReason | null, error: unknown): Promise<void> {
  const { db, log, owner } = deps
  try {
    if (reason === 'deadline') {
      log.warn({ jobId: row.id }, 'generation outlived its deadline; refunding')
      await failJob(db, row.id, GENERATION_MESSAGES.failedToGenerate, { leaseOwner: owner })
    } else if (reason === 'lost') {
      log.info({ jobId: row.id }, 'generation ended elsewhere or its lease was lost; stopped working it')
    } else if (reason === 'stopping') {
      await releaseLease(db, row.id, owner, { retryAfterMs: 0, countClaim: false })
    } else {
      log.warn({ jobId: row.id, err: error }, 'working a generation failed; another round will try again')
      await releaseLease(db, row.id, owner, { retryAfterMs: RETRY_AFTER_MS, countClaim: true })
    }
  } catch (cleanupError) {
    log.error({ jobId: row.id, err: cleanupError }, 'could not record how a job stopped; its lease expires')
  }
}
