import { setTimeout as sleep } from 'node:timers/promises'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { GENERATION_MESSAGES, type StatusResponse } from '../../contract/generations.ts'
import type { GalleryResponse } from '../../contract/gallery.ts'
import type { Database } from '../db/schema.ts'
import type { GenerationKind } from '../db/schema-generations.ts'
import { exceedsPaidAudio } from '../providers/audio-length.ts'
import { AudioMeasureError } from '../providers/measure-audio.ts'
import { falSubmitGraceMs, JOB_LIMITS, type JobLimits } from '../providers/job-limits.ts'
import type { GenerationInput, GenerationProvider } from '../providers/provider.ts'
import { galleryPage, toStatusResponse } from './generations-gallery.ts'
import { failJob, findActiveJobs, findActiveJobsOf, findJob, insertJob, recordRequestId, type JobRow } from './generations-jobs.ts'
import type { JobSettings } from './generations-params.ts'
import { priceHundredths } from './generations-pricing.ts'
import { createTracker, inputOf } from './generations-tracker.ts'

export { GenerationInProgressError } from './generations-jobs.ts'

// The generation service: starts jobs, owns their progress and finishes them
// (architecture: the server, not the browser, owns job progress). The
// provider's request id is stored before the start call answers; a tracker
// (generations-tracker.ts) follows every active job of this process to its
// end, and at boot resumeUnfinished() picks up every job a previous process
// left behind.

export class GenerationStartFailedError extends Error {
  override name = 'GenerationStartFailedError'
}
export class JobNotFoundError extends Error {
  override name = 'JobNotFoundError'
}
/** The provider cannot make the job as asked, e.g. a duration its model does not offer (nothing was charged). */
export class GenerationNotOfferedError extends Error {
  override name = 'GenerationNotOfferedError'
}
/** The lip-sync audio could not be fetched or has no duration (nothing was charged). */
export class AudioUnreadableError extends Error {
  override name = 'AudioUnreadableError'
}
/** The lip-sync audio is longer than `audio_duraraion` pays for (decision 0075; nothing was charged). */
export class AudioLongerThanClaimedError extends Error {
  override name = 'AudioLongerThanClaimedError'
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
  /** Deadlines and retry limits (default JOB_LIMITS). */
  limits?: JobLimits
  /** The real length of a lip-sync audio URL; throws AudioMeasureError when it cannot be read. */
  measureAudioSeconds(url: string): Promise<number>
}

export interface StartRequest {
  userId: string
  input: GenerationInput
  settings: JobSettings
  demo: boolean
}

export interface GenerationService {
  /**
   * Starts a job and answers its id; throws GenerationInProgressError, InsufficientCreditsError,
   * GenerationStartFailedError, GenerationNotOfferedError, AudioUnreadableError or AudioLongerThanClaimedError.
   */
  start(request: StartRequest): Promise<string>
  /** The job's status for its owner; throws JobNotFoundError for anyone else's id or another kind. */
  status(userId: string, jobId: string, kind: GenerationKind): Promise<StatusResponse>
  gallery(query: { userId: string; kind: GenerationKind; page: number; limit: number }): Promise<GalleryResponse>
  /** Resumes every queued or running job; answers how many. */
  resumeUnfinished(): Promise<number>
  /**
   * Ends every active job of a user whose account is being deleted: failed with
   * `error`, its hold released to the balance, its provider told to stop; answers how many.
   */
  cancelActiveJobs(userId: string, error: string): Promise<number>
  close(): Promise<void>
}

const promptOf = (input: GenerationInput): string => (input.kind === 'lipsync' ? '' : input.prompt)

export function createGenerationService(options: GenerationServiceOptions): GenerationService {
  const { db, log } = options
  const limits = options.limits ?? JOB_LIMITS
  const tracker = createTracker({ db, log, providers: options.providers, pollIntervalMs: options.pollIntervalMs, limits })

  /** spec §7/§9 price lip sync by the client's duration: measured before any debit (decision 0075). */
  async function assertPaidAudio(input: GenerationInput): Promise<void> {
    if (input.kind !== 'lipsync') return
    let measured: number
    try {
      measured = await options.measureAudioSeconds(input.audioUrl)
    } catch (error) {
      if (error instanceof AudioMeasureError) throw new AudioUnreadableError(error.message, { cause: error })
      throw error
    }
    if (exceedsPaidAudio(measured, input.audioSeconds)) {
      throw new AudioLongerThanClaimedError(`The audio lasts ${measured.toFixed(1)} s, more than the ${input.audioSeconds} s of audio_duraraion`)
    }
  }

  /** Fails and refunds one row a previous process left; a row that cannot be resumed is failed, not skipped. */
  async function resumeOne(row: JobRow): Promise<void> {
    const provider = tracker.providerOf(row)
    const input = inputOf(row)
    if (provider === undefined || input === null) {
      await tracker.fail(row, provider === undefined ? `provider ${row.provider} is not configured` : 'the job parameters cannot be read')
      return
    }
    if (row.provider_request_id === null) {
      if (row.provider === 'local') {
        // This process died between the hold and the renderer's answer: render it now.
        await recordRequestId(db, row.id, await provider.start({ jobId: row.id, input }))
      } else if (Date.now() - Date.parse(row.created_at) > falSubmitGraceMs(limits)) {
        // fal may or may not have the job; we cannot find it, so the user gets the credits back.
        await tracker.fail(row, 'the server stopped before the provider answered')
        return
      }
      // Otherwise another instance may still be submitting it: the tracker waits for its request id.
    }
    const fresh = (await findJob(db, row.id)) ?? row
    if (fresh.provider_request_id !== null) await provider.resume({ jobId: row.id, requestId: fresh.provider_request_id, input })
    tracker.track(row.id)
  }

  return {
    async start(request) {
      const provider = options.provider
      const refusal = provider.refusal(request.input)
      if (refusal !== null) throw new GenerationNotOfferedError(refusal)
      await assertPaidAudio(request.input)
      const format = provider.outputFormat(request.input)
      const settings: JobSettings = format === null ? request.settings : { ...request.settings, ...format }
      const row = await insertJob(db, {
        userId: request.userId,
        provider: provider.name,
        params: { input: request.input, settings, demo: request.demo },
        prompt: promptOf(request.input),
        costHundredths: priceHundredths(request.input, { demo: request.demo }),
      })
      let requestId: string
      try {
        requestId = await provider.start({ jobId: row.id, input: request.input })
      } catch (error) {
        await tracker.fail(row, error instanceof Error ? error.message : String(error))
        throw new GenerationStartFailedError(GENERATION_MESSAGES.failedToGenerate, { cause: error })
      }
      await recordRequestId(db, row.id, requestId)
      tracker.track(row.id)
      return row.id
    },

    async status(userId, jobId, kind) {
      const row = await findJob(db, jobId)
      if (row === undefined || row.user_id !== userId || row.kind !== kind) throw new JobNotFoundError('No such generation')
      // The row is the answer while a question to the provider is under way (or runs elsewhere):
      // a slow or hung provider call never holds the app's poll.
      if (!tracker.mayAdvance(row) || tracker.inFlight(row.id)) return toStatusResponse(row)
      const waited = new AbortController()
      const fresh = await Promise.race([
        tracker.advance(row),
        sleep(limits.statusWaitMs, row, { signal: waited.signal }).catch(() => row),
      ]).finally(() => waited.abort())
      return toStatusResponse(fresh)
    },

    gallery: (query) => galleryPage(db, query),

    async resumeUnfinished() {
      const rows = await findActiveJobs(db)
      for (const row of rows) {
        try {
          await resumeOne(row)
        } catch (error) {
          log.error({ jobId: row.id, err: error }, 'could not resume a generation; the others go on')
        }
      }
      log.info({ resumed: rows.length }, 'unfinished generations resumed')
      return rows.length
    },

    async cancelActiveJobs(userId, error) {
      const rows = await findActiveJobsOf(db, userId)
      for (const row of rows) {
        await failJob(db, row.id, error, 'hold released: account deleted')
        if (row.provider_request_id !== null) tracker.providerOf(row)?.forget(row.provider_request_id)
        log.info({ jobId: row.id }, 'generation cancelled: its owner deleted the account')
      }
      return rows.length
    },

    async close() {
      await tracker.close()
      await Promise.all(Object.values(options.providers).map((provider) => provider.close()))
    },
  }
}
