import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { GENERATION_MESSAGES, type StatusResponse } from '../../contract/generations.ts'
import type { GalleryResponse } from '../../contract/gallery.ts'
import type { Database } from '../db/schema.ts'
import type { GenerationKind } from '../db/schema-generations.ts'
import { exceedsPaidAudio } from '../providers/audio-length.ts'
import { AudioMeasureError } from '../providers/measure-audio.ts'
import type { GenerationInput, GenerationProvider } from '../providers/provider.ts'
import { galleryPage } from './generations-gallery.ts'
import { toStatusResponse } from './job-status.ts'
import { failJob, findJob, insertJob, recordRequestId } from './generations-jobs.ts'
import type { JobSettings } from './generations-params.ts'
import { priceHundredths } from './generations-pricing.ts'

export { GenerationInProgressError, VoiceInProgressError } from './generations-jobs.ts'

// The generation service of the API instances: starts jobs and answers their
// status from the job row (architecture: the server, not the browser, owns
// job progress). The provider's request id is stored before the start call
// answers; workers (server/jobs/job-worker.ts) work every job to its end under
// a lease, and any instance's sweep fails what nobody can end
// (docs/decisions/0210). Nothing here runs or resumes work.

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
/** The lip-sync audio is longer than `audio_duraraion` pays for (decision 0076; nothing was charged). */
export class AudioLongerThanClaimedError extends Error {
  override name = 'AudioLongerThanClaimedError'
}

export interface GenerationServiceOptions {
  db: Kysely<Database>
  log: Logger
  /** The provider new jobs go to. */
  provider: GenerationProvider
  /** The real length of a lip-sync audio URL; throws AudioMeasureError when it cannot be read. */
  measureAudioSeconds(url: string): Promise<number>
}

export interface StartRequest {
  /** The job's id when the caller chose it (a developer API create remembered by its Idempotency-Key); else a new one. */
  jobId?: string
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
}

/** The job's text column: the prompt, a voice's script; lip sync has none. */
function promptOf(input: GenerationInput): string {
  if (input.kind === 'lipsync') return ''
  return input.kind === 'voice' ? input.text : input.prompt
}

export function createGenerationService(options: GenerationServiceOptions): GenerationService {
  const { db, log } = options

  /** spec §7/§9 price lip sync by the client's duration: measured before any debit (decision 0076). */
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

  return {
    async start(request) {
      const provider = options.provider
      const refusal = provider.refusal(request.input)
      if (refusal !== null) throw new GenerationNotOfferedError(refusal)
      await assertPaidAudio(request.input)
      const format = provider.outputFormat(request.input)
      const settings: JobSettings = format === null ? request.settings : { ...request.settings, ...format }
      const row = await insertJob(db, {
        ...(request.jobId === undefined ? {} : { id: request.jobId }),
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
        log.warn({ jobId: row.id, provider: provider.name, err: error }, 'the provider refused the job; refunding')
        await failJob(db, row.id, GENERATION_MESSAGES.failedToGenerate)
        throw new GenerationStartFailedError(GENERATION_MESSAGES.failedToGenerate, { cause: error })
      }
      // A worker claims it from here (the event wakes one at once).
      await recordRequestId(db, row.id, requestId)
      return row.id
    },

    async status(userId, jobId, kind) {
      const row = await findJob(db, jobId)
      if (row === undefined || row.user_id !== userId || row.kind !== kind) throw new JobNotFoundError('No such generation')
      // The row is the answer: the worker holding the job keeps it current.
      return toStatusResponse(row)
    },

    gallery: (query) => galleryPage(db, query),
  }
}
