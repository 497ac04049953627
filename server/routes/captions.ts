import { Hono, type Context } from 'hono'
import { captionCuesRequestSchema, captionPreviewRequestSchema, type CaptionCuesResponse } from '../../contract/captions.ts'
import { requireUser } from '../auth/middleware.ts'
import { CaptionInputError, CaptionsUnavailableError, TranscriptionFailedError, type CaptionService } from '../domain/captions.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import type { RateLimiter } from '../http/rate-limit.ts'
import { jsonBody } from '../http/validate.ts'
import { RemoteFetchError } from '../media/fetch-remote.ts'
import { UnknownMediaKeyError } from '../media/store.ts'
import { remoteFetchApiError } from './upload-errors.ts'
import { AudioMeasureError } from '../providers/measure-audio.ts'
import { CaptionVideoError } from '../render/captions/burn-captions.ts'
import { RenderBusyError } from '../render/render-gate.ts'
import { FfmpegError } from '../render/run-ffmpeg.ts'
import type { GenerationMedia } from './fal-media.ts'

// Captions before paying (beyond the spec; contract/captions.ts,
// docs/decisions/0234): the timed captions of the user's own stored audio,
// and one still frame of the video (theirs, or an outside URL, as for a
// lip-sync start) with them in a style. Both run ffmpeg in this instance, and
// timing may ask a paid speech-to-text model: each account has a budget per
// call (CAPTION_CUES_LIMIT, CAPTION_PREVIEW_LIMIT, 429 `rate_limited`), and
// the instance a few render slots (429 `busy` when all are taken).

export interface CaptionRoutesDeps {
  captions: CaptionService
  media: GenerationMedia
  limits: { cues: RateLimiter; preview: RateLimiter }
}

/** Render slots free up within seconds. */
const BUSY_RETRY_SECONDS = 5

/** A caption call's failure as the API answers it; an ApiError (the account's limit) passes as it is. */
function refusalOf(c: Context<AppEnv>, error: unknown, field: 'audio_url' | 'video_url'): unknown {
  if (error instanceof RenderBusyError) {
    c.header('Retry-After', String(BUSY_RETRY_SECONDS))
    return new ApiError(429, 'busy', `Captions are being prepared for others right now. Please try again in ${BUSY_RETRY_SECONDS} seconds.`)
  }
  if (error instanceof CaptionsUnavailableError) return new ApiError(400, 'captions_unavailable', error.message)
  if (error instanceof CaptionInputError) return new ApiError(400, 'validation_failed', error.message)
  if (error instanceof TranscriptionFailedError) return new ApiError(502, 'upstream_failed', 'The speech-to-text service failed. Please try again later.')
  const cause = error instanceof AudioMeasureError ? error.cause : error
  // Removed since it was named (retention, the account's deletion): nothing to caption any more.
  if (cause instanceof UnknownMediaKeyError) return new ApiError(404, 'not_found', `${field}: The file is no longer stored`)
  if (cause instanceof RemoteFetchError) return remoteFetchApiError(cause, field === 'audio_url' ? 'audio' : 'video')
  if (error instanceof AudioMeasureError || error instanceof CaptionVideoError || error instanceof FfmpegError) {
    return new ApiError(
      400,
      'validation_failed',
      field === 'audio_url' ? 'audio_url: The file is not playable audio' : 'video_url: The file is not a playable video',
    )
  }
  return error
}

export function createCaptionRoutes(deps: CaptionRoutesDeps): Hono<AppEnv> {
  const reading = requireUser({ checkRevoked: false })
  return new Hono<AppEnv>()
    .post('/captions/cues', reading, async (c) => {
      const body = await jsonBody(c, captionCuesRequestSchema)
      const audioUrl = await deps.media.inputRef(c, body.audio_url, 'audio_url')
      const userId = c.var.user.id
      try {
        const request = { userId, audioUrl, language: body.language, script: body.script, signal: c.req.raw.signal }
        return c.json<CaptionCuesResponse>(await deps.captions.cues({ ...request, admit: () => deps.limits.cues.takeForUser(c, userId) }))
      } catch (error) {
        throw refusalOf(c, error, 'audio_url')
      }
    })
    .post('/captions/preview', reading, async (c) => {
      const body = await jsonBody(c, captionPreviewRequestSchema)
      const videoUrl = await deps.media.inputRef(c, body.video_url, 'video_url')
      const userId = c.var.user.id
      try {
        const request = { videoUrl, style: body.style, cues: body.cues, at: body.at, signal: c.req.raw.signal }
        const jpeg = await deps.captions.still({ ...request, admit: () => deps.limits.preview.takeForUser(c, userId) })
        return c.body(new Uint8Array(jpeg), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'no-store' })
      } catch (error) {
        throw refusalOf(c, error, 'video_url')
      }
    })
}
