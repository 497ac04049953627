import { randomInt } from 'node:crypto'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { DEFAULT_DURATION, SEED_MAX, SEED_MIN } from '../../contract/constants.ts'
import { GENERATION_MESSAGES } from '../../contract/generations.ts'
import type { CreateConsistentActor, CreateLipSync, CreateUgcActor } from '../../contract/public-api/generations.ts'
import { InsufficientCreditsError } from '../domain/credits.ts'
import {
  AudioLongerThanClaimedError,
  AudioUnreadableError,
  GenerationInProgressError,
  GenerationNotOfferedError,
  GenerationStartFailedError,
  type GenerationService,
  type StartRequest,
} from '../domain/generations.ts'
import { ACTIVE_GENERATION_STATUSES, VIDEO_GENERATION_KINDS } from '../db/schema-generations.ts'
import type { Database } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { mediaOwner } from '../media/catalog.ts'
import { mediaRef } from '../media/keys.ts'
import type { MediaLinks } from '../media/links.ts'
import type { PublicApiEnv } from './env.ts'
import { PublicApiError } from './problem.ts'

// A create call as the app's start (server/routes/fal.ts): the same
// generation service, so the same inputs, prices, ledger and jobs. Only the
// shapes differ (contract/public-api/generations.ts). Media inputs are our
// own files (the owner's, else 403), kept as references, or https URLs the
// provider downloads through the SSRF guard like every outside URL.

/** spec §3: lip-sync and consistent-actor items default to 16:9 and 720p (the provider's real format wins). */
const ITEM_FORMAT_DEFAULT = { aspect_ratio: '16:9', resolution: '720p' } as const

type Ctx = Context<PublicApiEnv>

export interface StartDeps {
  db: Kysely<Database>
  generations: GenerationService
  links: MediaLinks
}

export function createInputs(deps: StartDeps) {
  async function inputRef(c: Ctx, url: string, field: string): Promise<string> {
    const key = deps.links.keyOfOwnUrl(url, [new URL(c.req.url).origin])
    if (key !== null) {
      if ((await mediaOwner(deps.db, key)) !== c.var.user.id) throw new ApiError(403, 'forbidden', `${field}: this file is not yours`)
      return mediaRef(key)
    }
    if (new URL(url).protocol !== 'https:') throw new ApiError(400, 'url_not_allowed', `${field}: an outside file must be an https URL`)
    return url
  }

  return {
    ugcActor(c: Ctx, body: CreateUgcActor): StartRequest {
      const seed = body.seed ?? randomInt(SEED_MIN, SEED_MAX + 1)
      return {
        userId: c.var.user.id,
        input: { kind: 'ugc', prompt: body.prompt, seed, durationSeconds: body.duration_seconds, enhanced: body.enhanced },
        settings: { seed, pro_mode: body.enhanced, aspect_ratio: '9:16', resolution: '1080p' },
        demo: false,
      }
    },
    async lipSync(c: Ctx, body: CreateLipSync): Promise<StartRequest> {
      const videoUrl = await inputRef(c, body.video_url, 'video_url')
      const audioUrl = await inputRef(c, body.audio_url, 'audio_url')
      return {
        userId: c.var.user.id,
        input: { kind: 'lipsync', videoUrl, audioUrl, audioSeconds: body.audio_duration_seconds, model: body.model },
        settings: { seed: 0, pro_mode: body.model === 'lipsync-1.9.0-beta', ...ITEM_FORMAT_DEFAULT },
        demo: false,
      }
    },
    async consistentActor(c: Ctx, body: CreateConsistentActor): Promise<StartRequest> {
      const imageUrl = await inputRef(c, body.image_url, 'image_url')
      return {
        userId: c.var.user.id,
        // The app's consistent actor is always the default length (spec §3).
        input: { kind: 'consistent', prompt: body.prompt, imageUrl, durationSeconds: Number(DEFAULT_DURATION) },
        settings: { seed: 0, pro_mode: false, ...ITEM_FORMAT_DEFAULT },
        demo: false,
      }
    },
  }
}

/** The user's queued or running job, if any (named in the 409 of the one-at-a-time rule). */
async function activeJobId(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('generations')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', 'in', VIDEO_GENERATION_KINDS)
    .where('status', 'in', ACTIVE_GENERATION_STATUSES)
    .executeTakeFirst()
  return row?.id
}

/** Starts the job or throws the app's refusal, as problem details. */
export async function startOrRefuse(deps: StartDeps, request: StartRequest): Promise<string> {
  try {
    return await deps.generations.start(request)
  } catch (error) {
    if (error instanceof GenerationInProgressError) {
      const running = await activeJobId(deps.db, request.userId)
      throw new PublicApiError(409, 'generation_in_progress', GENERATION_MESSAGES.oneTimeGenerate, running === undefined ? {} : { generation_id: running })
    }
    if (error instanceof InsufficientCreditsError) throw new ApiError(402, 'insufficient_credits', GENERATION_MESSAGES.notEnoughToken)
    if (error instanceof GenerationStartFailedError) throw new ApiError(502, 'generation_failed', GENERATION_MESSAGES.failedToGenerate)
    if (error instanceof AudioUnreadableError || error instanceof AudioLongerThanClaimedError || error instanceof GenerationNotOfferedError) {
      throw new ApiError(400, 'validation_failed', error.message)
    }
    throw error
  }
}
