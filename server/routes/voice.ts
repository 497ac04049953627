import { Hono, type Context } from 'hono'
import type { Kysely } from 'kysely'
import { VOICE_COST, VOICE_SCRIPT_MAX_CHARACTERS } from '../../contract/constants.ts'
import type { StartResponse } from '../../contract/generations.ts'
import {
  VOICE_IDS,
  VOICES,
  voicePreviewPath,
  voiceStartRequestSchema,
  voiceStatusRequestSchema,
  type VoiceCatalog,
  type VoiceJob,
} from '../../contract/voice.ts'
import { requireUser } from '../auth/middleware.ts'
import { InsufficientCreditsError } from '../domain/credits.ts'
import { GenerationStartFailedError, VoiceInProgressError, type GenerationService } from '../domain/generations.ts'
import { findVoice, latestVoice, type VoiceRecord } from '../domain/voices.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { jsonBody } from '../http/validate.ts'
import type { MediaLinks } from '../media/links.ts'
import { uploadableTypeByExt } from '../media/media-types.ts'
import { uploadAnswer } from '../media/upload-answer.ts'
import { SAMPLE_RETRY_BACKOFF_MS, SampleUnavailableError, type VoiceSample, type VoiceSampler } from '../providers/speech/voice-sampler.ts'

// A voice from a typed script (beyond the spec; contract/voice.ts,
// docs/decisions/0232): start it as a job, read it back (by id, or the newest
// after a reload), the voices on offer and each one's sample. The voice is
// made by the configured provider: eSpeak NG in the worker on the embedded
// default, the text-to-speech model with fal.

export interface VoiceRoutesDeps {
  db: Kysely<Database>
  generations: GenerationService
  links: MediaLinks
  samples: VoiceSampler
  /** Who makes the voices: the embedded synthesizer ('local', labelled not AI) or the model ('ai'). */
  maker: VoiceJob['maker']
}

/** A stored sample changes only with a new deployment's voices. */
const SAMPLE_CACHE = 'public, max-age=86400'

function toVoiceJob(record: VoiceRecord, links: MediaLinks): VoiceJob {
  const { row, audio } = record
  const type = audio === null ? undefined : uploadableTypeByExt(audio.key.slice(audio.key.lastIndexOf('.') + 1))
  return {
    requestId: row.id,
    status: row.status,
    progress: { currentprogress: row.progress_current, totalprogress: row.progress_total },
    ...(row.error === null ? {} : { error: row.error }),
    text: record.text,
    language: record.language,
    voice: record.voice,
    // A voice made before a switch of provider says who really made it.
    maker: row.provider === 'local' ? 'local' : 'ai',
    audio:
      audio === null || type === undefined
        ? null
        : uploadAnswer({ key: audio.key, bytes: audio.bytes, type, createdAt: audio.createdAt }, links.sign(audio.key), audio.seconds),
    createdAt: row.created_at,
  }
}

async function startOrRefuse(c: Context<AppEnv>, generations: GenerationService): Promise<string> {
  const body = await jsonBody(c, voiceStartRequestSchema)
  try {
    return await generations.start({
      userId: c.var.user.id,
      input: { kind: 'voice', text: body.text, language: body.language, voice: body.voice },
      settings: { seed: 0, pro_mode: false, aspect_ratio: '', resolution: '' },
      demo: false,
    })
  } catch (error) {
    if (error instanceof VoiceInProgressError) throw new ApiError(409, 'voice_in_progress', 'A voice is already being made')
    if (error instanceof InsufficientCreditsError) throw new ApiError(402, 'insufficient_credits', "You don't have enough credits for the voice.")
    if (error instanceof GenerationStartFailedError) throw new ApiError(502, 'generation_failed', 'The voice could not be made. Please try again later.')
    throw error
  }
}

export function createVoiceRoutes(deps: VoiceRoutesDeps): Hono<AppEnv> {
  const { db, links, maker } = deps
  const starting = requireUser({ checkRevoked: true })
  const reading = requireUser({ checkRevoked: false })
  const catalog: VoiceCatalog = {
    maker,
    cost: VOICE_COST,
    maxCharacters: VOICE_SCRIPT_MAX_CHARACTERS,
    voices: VOICES.map((voice) => ({ ...voice, previewUrl: `/${voicePreviewPath(voice.id)}` })),
  }

  return new Hono<AppEnv>()
    .get('/voices', (c) => c.json<VoiceCatalog>(catalog))
    .get('/voices/:voice/preview', async (c) => {
      const voice = VOICE_IDS.find((id) => id === c.req.param('voice'))
      if (voice === undefined) throw new ApiError(404, 'not_found', 'No such voice')
      let sample: VoiceSample
      try {
        sample = await deps.samples.sample(voice, AbortSignal.timeout(60_000))
      } catch (error) {
        // The model (or the synthesizer) failed: say so, and when to ask again (decision 0233).
        const retryAfter = error instanceof SampleUnavailableError ? error.retryAfterSeconds : SAMPLE_RETRY_BACKOFF_MS[0] / 1000
        c.header('Retry-After', String(retryAfter))
        c.var.log.warn({ err: error, voice }, 'voice sample unavailable')
        throw new ApiError(502, 'upstream_failed', 'The voice sample could not be made. Please try again later.')
      }
      return c.body(new Uint8Array(sample.bytes), 200, { 'Content-Type': sample.contentType, 'Cache-Control': SAMPLE_CACHE })
    })
    .post('/voice', starting, async (c) => c.json<StartResponse>({ requestId: await startOrRefuse(c, deps.generations) }))
    .post('/voiceStatus', reading, async (c) => {
      const body = await jsonBody(c, voiceStatusRequestSchema)
      const record = await findVoice(db, c.var.user.id, body.request_id)
      if (record === null) throw new ApiError(404, 'not_found', 'No such voice')
      return c.json<VoiceJob>(toVoiceJob(record, links))
    })
    .post('/voiceLatest', reading, async (c) => {
      const record = await latestVoice(db, c.var.user.id)
      return c.json({ voice: record === null ? null : toVoiceJob(record, links) })
    })
}
