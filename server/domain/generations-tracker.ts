import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { GENERATION_MESSAGES } from '../../contract/generations.ts'
import type { Database } from '../db/schema.ts'
import { falSubmitGraceMs, maxJobAgeMs, type JobLimits } from '../providers/job-limits.ts'
import type { GenerationInput, GenerationProvider, ProviderStatus } from '../providers/provider.ts'
import { completeJob, failJob, findJob, recordProgress, type JobRow } from './generations-jobs.ts'
import { parseJobParams } from './generations-params.ts'

// Follows active jobs to their end: one question to the provider per job at a
// time, shared by the tracker loop and status polls. A job ends failed (and is
// refunded once, generations-jobs.ts) when the provider says so, when it
// outlives its deadline, or after too many errors in a row (job-limits.ts,
// decision 0075), so no job holds credits forever.

export interface TrackerOptions {
  db: Kysely<Database>
  log: Logger
  providers: Partial<Record<GenerationProvider['name'], GenerationProvider>>
  pollIntervalMs: number
  limits: JobLimits
}

export const isActive = (row: JobRow): boolean => row.status === 'queued' || row.status === 'running'
const ageMs = (row: JobRow): number => Date.now() - Date.parse(row.created_at)

/** The stored input, or null when the row's params cannot be read (such a job can only be failed). */
export function inputOf(row: JobRow): GenerationInput | null {
  try {
    return parseJobParams(row.params).input
  } catch {
    return null
  }
}

export function createTracker(options: TrackerOptions) {
  const { db, log, limits } = options
  const advancing = new Map<string, Promise<JobRow>>()
  const statusErrors = new Map<string, number>()
  const tracked = new Set<string>()
  let closed = false

  const providerOf = (row: JobRow): GenerationProvider | undefined =>
    row.provider === 'fal' || row.provider === 'local' ? options.providers[row.provider] : undefined

  async function fail(row: JobRow, reason: string): Promise<JobRow> {
    log.warn({ jobId: row.id, provider: row.provider, reason }, 'generation failed; refunding')
    await failJob(db, row.id, GENERATION_MESSAGES.failedToGenerate)
    statusErrors.delete(row.id)
    if (row.provider_request_id !== null) providerOf(row)?.forget(row.provider_request_id)
    return (await findJob(db, row.id)) ?? row
  }

  /** A thrown status question: counted, and the job failed once there were too many in a row. */
  async function statusFailed(row: JobRow, error: unknown): Promise<JobRow> {
    const count = (statusErrors.get(row.id) ?? 0) + 1
    statusErrors.set(row.id, count)
    log.warn({ jobId: row.id, err: error, count }, 'provider status failed; will ask again')
    if (count < limits.maxConsecutiveStatusErrors) return row
    return fail(row, `${count} status errors in a row`)
  }

  async function advanceOnce(row: JobRow): Promise<JobRow> {
    const provider = providerOf(row)
    const input = inputOf(row)
    if (provider === undefined) return fail(row, `provider ${row.provider} is not configured`)
    if (input === null) return fail(row, 'the job parameters cannot be read')
    if (ageMs(row) > maxJobAgeMs(limits, row.provider, input)) return fail(row, 'the job outlived its deadline')
    if (row.provider_request_id === null) {
      // Still submitting (maybe in another instance) unless it is older than any submit can take.
      return row.provider === 'fal' && ageMs(row) > falSubmitGraceMs(limits) ? fail(row, 'the provider never answered the start') : row
    }
    const requestId = row.provider_request_id
    let status: ProviderStatus
    try {
      status = await provider.status({ jobId: row.id, requestId, input })
    } catch (error) {
      return statusFailed(row, error)
    }
    statusErrors.delete(row.id)
    if (status.state === 'failed') return fail(row, status.error ?? 'the provider reported a failure')
    if (status.state !== 'completed') return recordProgress(db, row, status)
    await completeJob(db, row.id, status)
    provider.forget(requestId)
    return (await findJob(db, row.id)) ?? row
  }

  /** One advance per job at a time in this process: the tracker and status polls share it. */
  function advance(row: JobRow): Promise<JobRow> {
    if (!isActive(row)) return Promise.resolve(row)
    const running = advancing.get(row.id)
    if (running !== undefined) return running
    const next = advanceOnce(row).finally(() => advancing.delete(row.id))
    advancing.set(row.id, next)
    return next
  }

  function track(jobId: string): void {
    if (tracked.has(jobId) || closed) return
    tracked.add(jobId)
    const loop = async (): Promise<void> => {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs))
        if (closed) return
        try {
          const row = await findJob(db, jobId)
          if (row === undefined || !isActive(await advance(row))) return
        } catch (error) {
          // A database hiccup must not orphan the job: ask again next round.
          log.error({ jobId, err: error }, 'generation tracker round failed')
        }
      }
    }
    void loop().finally(() => tracked.delete(jobId))
  }

  return {
    advance,
    track,
    fail,
    providerOf,
    /** Whether this process may ask the provider about the job (local jobs only in the process that renders them). */
    mayAdvance: (row: JobRow): boolean => tracked.has(row.id) || row.provider === 'fal',
    inFlight: (jobId: string): boolean => advancing.has(jobId),
    async close(): Promise<void> {
      closed = true
      await Promise.allSettled(advancing.values())
    },
  }
}

export type Tracker = ReturnType<typeof createTracker>
