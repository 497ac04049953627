import { randomInt } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { galleryRequestSchema, minMaxGalleryRequestSchema, type GalleryResponse } from '../../contract/gallery.ts'
import {
  demoUgcGenerateRequestSchema,
  GENERATION_MESSAGES,
  imageToVideoRequestSchema,
  imageToVideoStatusRequestSchema,
  lipSyncGenerateRequestSchema,
  statusRequestSchema,
  ugcGenerateRequestSchema,
  type ImageToVideoResponse,
  type StartResponse,
  type StatusResponse,
  type UgcGenerateRequest,
} from '../../contract/generations.ts'
import { DEFAULT_DURATION, SEED_MAX, SEED_MIN } from '../../contract/constants.ts'
import type { Locale } from '../../contract/locale.ts'
import { assertOwnUserId, requireUser } from '../auth/middleware.ts'
import { InsufficientCreditsError } from '../domain/credits.ts'
import {
  AudioLongerThanClaimedError,
  AudioUnreadableError,
  GenerationInProgressError,
  GenerationNotOfferedError,
  GenerationStartFailedError,
  JobNotFoundError,
  type GenerationService,
  type StartRequest,
} from '../domain/generations.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { pageLocale } from '../http/page-locale.ts'
import { jsonBody } from '../http/validate.ts'
import type { GenerationMedia } from './fal-media.ts'

// spec §7: every generation call under /api/fal/v1, with the clients' exact
// paths and field names (demoLypSyncGenerate, getImageToVideoResaults,
// audio_duraraion). Starts check the token's revocation; ids in a start's body
// must be the caller's own (403); another user's job or gallery answers 404
// (docs/quality.md).

export interface FalRoutesDeps {
  generations: GenerationService
  /** The configured demo account (spec §6); null disables the demo calls. */
  demoAccountEmail: string | null
  /** Input URLs checked and kept as references, answers signed (./fal-media.ts). */
  media: GenerationMedia
}

type Ctx = Context<AppEnv>

/**
 * spec §3: lip-sync and consistent-avatar items default to 16:9 and 720p. The
 * service records the provider's real output format instead when it knows it
 * (decision 0077).
 */
const ITEM_FORMAT_DEFAULT = { aspect_ratio: '16:9', resolution: '720p' } as const

/** spec §3: a user_email, when sent, must be the signed-in account's too. */
function assertOwnEmail(c: Ctx, email: string | undefined): void {
  if (email !== undefined && email !== '' && email !== c.var.user.email) {
    throw new ApiError(403, 'forbidden', 'The email in the request is not yours')
  }
}

async function startOrRefuse(generations: GenerationService, request: StartRequest): Promise<string> {
  try {
    return await generations.start(request)
  } catch (error) {
    if (error instanceof GenerationInProgressError) throw new ApiError(409, 'generation_in_progress', GENERATION_MESSAGES.oneTimeGenerate)
    if (error instanceof InsufficientCreditsError) throw new ApiError(402, 'insufficient_credits', GENERATION_MESSAGES.notEnoughToken)
    if (error instanceof GenerationStartFailedError) throw new ApiError(502, 'generation_failed', GENERATION_MESSAGES.failedToGenerate)
    // decision 0076: the audio is measured before the debit; decision 0231: the model's offer is checked
    // before it too. Nothing was charged.
    if (error instanceof AudioUnreadableError || error instanceof AudioLongerThanClaimedError || error instanceof GenerationNotOfferedError) {
      throw new ApiError(400, 'validation_failed', error.message)
    }
    throw error
  }
}

/** The user's language, as the app keeps it (cookie) or the browser asks for it: a local preview's burnt-in label speaks it (docs/decisions/0147). */
function languageOf(c: Ctx): { locale: Locale } {
  return { locale: pageLocale(c.req.header('cookie'), c.req.header('accept-language')) }
}

function ugcStart(c: Ctx, body: UgcGenerateRequest, demo: boolean): StartRequest {
  assertOwnUserId(c, body.user_id)
  assertOwnEmail(c, body.user_email)
  // spec §3: a blank seed means random.
  const seed = body.seed ?? randomInt(SEED_MIN, SEED_MAX + 1)
  return {
    userId: c.var.user.id,
    input: { kind: 'ugc', prompt: body.prompt, seed, durationSeconds: body.duration, enhanced: body.pro_mode, ...languageOf(c) },
    settings: { seed, pro_mode: body.pro_mode, aspect_ratio: body.aspect_ratio, resolution: body.resolution },
    demo,
  }
}

async function lipSyncStart(c: Ctx, demo: boolean, media: GenerationMedia): Promise<StartRequest> {
  const body = await jsonBody(c, lipSyncGenerateRequestSchema)
  assertOwnUserId(c, body.user_id)
  const videoUrl = await media.inputRef(c, body.video_url, 'video_url')
  const audioUrl = await media.inputRef(c, body.audio_url, 'audio_url')
  return {
    userId: c.var.user.id,
    input: {
      kind: 'lipsync',
      videoUrl,
      audioUrl,
      audioSeconds: body.audio_duraraion,
      model: body.lipSyncModel,
      // Beyond the spec: captions burnt in (docs/decisions/0234); off unless sent.
      ...(body.captions === null || body.captions === undefined ? {} : { captions: body.captions }),
      ...languageOf(c),
    },
    settings: { seed: 0, pro_mode: body.lipSyncModel === 'lipsync-1.9.0-beta', ...ITEM_FORMAT_DEFAULT },
    demo,
  }
}

/** docs/quality.md: another user's gallery answers 404, as if it did not exist. */
function assertOwnGallery(c: Ctx, userId: string | undefined): void {
  if (userId !== undefined && userId !== '' && userId !== c.var.user.id) throw new ApiError(404, 'not_found', 'No such gallery')
}

async function statusOr404(generations: GenerationService, c: Ctx, jobId: string, kind: 'ugc' | 'lipsync' | 'consistent'): Promise<StatusResponse> {
  try {
    return await generations.status(c.var.user.id, jobId, kind)
  } catch (error) {
    if (error instanceof JobNotFoundError) throw new ApiError(404, 'not_found', 'No such generation')
    throw error
  }
}

export function createFalRoutes(deps: FalRoutesDeps): Hono<AppEnv> {
  const { generations, media } = deps
  const starting = requireUser({ checkRevoked: true })
  const reading = requireUser({ checkRevoked: false })
  /** spec §6: the demo calls belong to the one configured demo account. */
  const demoOnly = requireUser({ checkRevoked: true })
  const assertDemoAccount = (c: Ctx): void => {
    if (deps.demoAccountEmail === null || c.var.user.email !== deps.demoAccountEmail) {
      throw new ApiError(403, 'forbidden', 'This call is only for the demo account')
    }
  }

  return new Hono<AppEnv>()
    .post('/generate', starting, async (c) => {
      const requestId = await startOrRefuse(generations, ugcStart(c, await jsonBody(c, ugcGenerateRequestSchema), false))
      return c.json<StartResponse>({ requestId })
    })
    .post('/demoUGCGenerate', demoOnly, async (c) => {
      assertDemoAccount(c)
      const requestId = await startOrRefuse(generations, ugcStart(c, await jsonBody(c, demoUgcGenerateRequestSchema), true))
      return c.json<StartResponse>({ requestId })
    })
    .post('/generatedVideo', reading, async (c) => {
      const body = await jsonBody(c, statusRequestSchema)
      return c.json<StatusResponse>(media.status(await statusOr404(generations, c, body.request_id, 'ugc')))
    })
    .post('/lipsyncGenerate', starting, async (c) => {
      const requestId = await startOrRefuse(generations, await lipSyncStart(c, false, media))
      return c.json<StartResponse>({ requestId })
    })
    .post('/demoLypSyncGenerate', demoOnly, async (c) => {
      assertDemoAccount(c)
      const requestId = await startOrRefuse(generations, await lipSyncStart(c, true, media))
      return c.json<StartResponse>({ requestId })
    })
    .post('/lipsyncGeneratedVideo', reading, async (c) => {
      const body = await jsonBody(c, statusRequestSchema)
      return c.json<StatusResponse>(media.status(await statusOr404(generations, c, body.request_id, 'lipsync')))
    })
    .post('/imageToVideo', starting, async (c) => {
      const body = await jsonBody(c, imageToVideoRequestSchema)
      assertOwnUserId(c, body.user_id)
      const request_id = await startOrRefuse(generations, {
        userId: c.var.user.id,
        input: {
          kind: 'consistent',
          prompt: body.prompt,
          imageUrl: await media.inputRef(c, body.img_url, 'img_url'),
          durationSeconds: Number(DEFAULT_DURATION),
          ...languageOf(c),
        },
        settings: { seed: 0, pro_mode: false, ...ITEM_FORMAT_DEFAULT },
        demo: false,
      })
      return c.json<ImageToVideoResponse>({ request_id })
    })
    .post('/getImageToVideoResaults', reading, async (c) => {
      const body = await jsonBody(c, imageToVideoStatusRequestSchema)
      return c.json<StatusResponse>(media.status(await statusOr404(generations, c, body.requestId, 'consistent')))
    })
    .post('/gallery', reading, async (c) => {
      const body = await jsonBody(c, galleryRequestSchema)
      assertOwnGallery(c, body.userId)
      return c.json<GalleryResponse>(media.gallery(await generations.gallery({ userId: c.var.user.id, kind: 'ugc', page: body.page, limit: body.limit })))
    })
    .post('/lipsyncGallery', reading, async (c) => {
      const body = await jsonBody(c, galleryRequestSchema)
      assertOwnGallery(c, body.userId)
      return c.json<GalleryResponse>(media.gallery(await generations.gallery({ userId: c.var.user.id, kind: 'lipsync', page: body.page, limit: body.limit })))
    })
    .post('/getMinMaxGallery', reading, async (c) => {
      const body = await jsonBody(c, minMaxGalleryRequestSchema)
      assertOwnGallery(c, body.userId)
      return c.json<GalleryResponse>(
        media.gallery(await generations.gallery({ userId: c.var.user.id, kind: 'consistent', page: body.page, limit: body.limit })),
      )
    })
}
