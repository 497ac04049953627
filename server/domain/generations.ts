import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { GENERATION_MESSAGES, type StatusResponse } from '../../src/contract/generations.ts'
import type { GalleryResponse } from '../../src/contract/gallery.ts'
import type { Database } from '../db/schema.ts'
import type { GenerationKind } from '../db/schema-generations.ts'
import type { GenerationInput, GenerationProvider, ProviderJobRef, ProviderStatus } from '../providers/provider.ts'
import { galleryPage, toStatusResponse } from './generations-gallery.ts'
import { completeJob, failJob, findActiveJobs, findJob, insertJob, recordProgress, recordRequestId, type JobRow } from './generations-jobs.ts'
import { parseJobParams, type JobSettings } from './generations-params.ts'
import { priceHundredths } from './generations-pricing.ts'

export { GenerationInProgressError } from './generations-jobs.ts'

// The generation service: starts jobs, owns their progress and finishes them
// (architecture: the server, not the browser, owns job progress). The
// provider's request id is stored before the start call answers; a tracker
// follows every active job of this process to its end, and at boot
// resumeUnfinished() picks up every job a previous process left behind.

export class GenerationStartFailedError extends Error {
  override name = 'GenerationStartFailedError'
}
export class JobNotFoundError extends Error {
  override name = 'JobNotFoundError'
}

export interface GenerationServiceOptions {
  db: Kysely<Database>
  log: Logger
  /** The provider new jobs go to. */
  provider: GenerationProvider
  /** Every provider that may hold jobs of earlier runs, by name (the active one included). */
  providers: Partial<Record<GenerationProvider['name'], GenerationProvider>>
  /** How often the tracker asks the provider about an active job. */
  pollIntervalMs: number
}

export interface StartRequest {
  userId: string
  input: GenerationInput
  settings: JobSettings
  demo: boolean
}

export interface GenerationService {
  /** Starts a job and answers its id; throws GenerationInProgressError, InsufficientCreditsError or GenerationStartFailedError. */
  start(request: StartRequest): Promise<string>
  /** The job's status for its owner; throws JobNotFoundError for anyone else's id or another kind. */
  status(userId: string, jobId: string, kind: GenerationKind): Promise<StatusResponse>
  gallery(query: { userId: string; kind: GenerationKind; page: number; limit: number }): Promise<GalleryResponse>
  /** Resumes every queued or running job; answers how many. */
  resumeUnfinished(): Promise<number>
  close(): Promise<void>
}

const promptOf = (input: GenerationInput): string => (input.kind === 'lipsync' ? '' : input.prompt)
const refOf = (row: JobRow, requestId: string): ProviderJobRef => ({ jobId: row.id, requestId, input: parseJobParams(row.params).input })

export function createGenerationService(options: GenerationServiceOptions): GenerationService {
  const { db, log } = options
  const advancing = new Map<string, Promise<JobRow>>()
  const tracked = new Set<string>()
  let closed = false

  const providerOf = (row: JobRow): GenerationProvider | undefined =>
    row.provider === 'fal' || row.provider === 'local' ? options.providers[row.provider] : undefined

  async function fail(row: JobRow, reason: string): Promise<void> {
    log.warn({ jobId: row.id, provider: row.provider, reason }, 'generation failed; refunding')
    await failJob(db, row.id, GENERATION_MESSAGES.failedToGenerate)
  }

  /** Asks the provider once and records the answer; never throws for a provider hiccup. */
  async function advanceOnce(row: JobRow): Promise<JobRow> {
    const provider = providerOf(row)
    if (provider === undefined) {
      await fail(row, `provider ${row.provider} is not configured`)
      return (await findJob(db, row.id)) ?? row
    }
    if (row.provider_request_id === null) return row
    const ref = refOf(row, row.provider_request_id)
    let status: ProviderStatus
    try {
      status = await provider.status(ref)
    } catch (error) {
      log.warn({ jobId: row.id, err: error }, 'provider status failed; will ask again')
      return row
    }
    if (status.state === 'completed') {
      await completeJob(db, row.id, status)
      provider.forget(ref.requestId)
    } else if (status.state === 'failed') {
      await fail(row, status.error ?? 'the provider reported a failure')
      provider.forget(ref.requestId)
    } else {
      return recordProgress(db, row, status)
    }
    return (await findJob(db, row.id)) ?? row
  }

  /** One advance per job at a time in this process: the tracker and status polls share it. */
  function advance(row: JobRow): Promise<JobRow> {
    if (row.status !== 'queued' && row.status !== 'running') return Promise.resolve(row)
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
        const row = await findJob(db, jobId)
        if (row === undefined) return
        const after = await advance(row)
        if (after.status === 'completed' || after.status === 'failed') return
      }
    }
    loop()
      .catch((error: unknown) => log.error({ jobId, err: error }, 'generation tracker stopped'))
      .finally(() => tracked.delete(jobId))
  }

  return {
    async start(request) {
      const provider = options.provider
      const row = await insertJob(db, {
        userId: request.userId,
        provider: provider.name,
        params: { input: request.input, settings: request.settings, demo: request.demo },
        prompt: promptOf(request.input),
        costHundredths: priceHundredths(request.input, { demo: request.demo }),
      })
      let requestId: string
      try {
        requestId = await provider.start({ jobId: row.id, input: request.input })
      } catch (error) {
        await fail(row, error instanceof Error ? error.message : String(error))
        throw new GenerationStartFailedError(GENERATION_MESSAGES.failedToGenerate, { cause: error })
      }
      await recordRequestId(db, row.id, requestId)
      track(row.id)
      return row.id
    },

    async status(userId, jobId, kind) {
      const row = await findJob(db, jobId)
      if (row === undefined || row.user_id !== userId || row.kind !== kind) throw new JobNotFoundError('No such generation')
      return toStatusResponse(await advance(row))
    },

    gallery: (query) => galleryPage(db, query),

    async resumeUnfinished() {
      const rows = await findActiveJobs(db)
      for (const row of rows) {
        const provider = providerOf(row)
        if (row.provider_request_id === null) {
          // The previous process died between the hold and the provider's answer.
          if (row.provider === 'local' && provider !== undefined) {
            await recordRequestId(db, row.id, await provider.start({ jobId: row.id, input: parseJobParams(row.params).input }))
          } else {
            // fal may or may not have the job; we cannot find it, so the user gets the credits back.
            await fail(row, 'the server stopped before the provider answered')
            continue
          }
        }
        const fresh = (await findJob(db, row.id)) ?? row
        if (provider !== undefined && fresh.provider_request_id !== null) await provider.resume(refOf(fresh, fresh.provider_request_id))
        track(row.id)
      }
      log.info({ resumed: rows.length }, 'unfinished generations resumed')
      return rows.length
    },

    async close() {
      closed = true
      await Promise.allSettled(advancing.values())
      await Promise.all(Object.values(options.providers).map((provider) => provider.close()))
    },
  }
}
