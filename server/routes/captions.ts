import { Hono } from 'hono'
import { captionCuesRequestSchema, captionPreviewRequestSchema, type CaptionCuesResponse } from '../../contract/captions.ts'
import { requireUser } from '../auth/middleware.ts'
import { CaptionsUnavailableError, type CaptionService } from '../domain/captions.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { jsonBody } from '../http/validate.ts'
import { CaptionVideoError } from '../render/captions/burn-captions.ts'
import { FfmpegError } from '../render/run-ffmpeg.ts'
import type { GenerationMedia } from './fal-media.ts'

// Captions before paying (beyond the spec; contract/captions.ts,
// docs/decisions/0234): the timed captions of the user's audio, and one
// still frame of the video with them in a style. Inputs are the user's own
// files (or outside URLs), as for a lip-sync start.

export interface CaptionRoutesDeps {
  captions: CaptionService
  media: GenerationMedia
}

export function createCaptionRoutes(deps: CaptionRoutesDeps): Hono<AppEnv> {
  const reading = requireUser({ checkRevoked: false })
  return new Hono<AppEnv>()
    .post('/captions/cues', reading, async (c) => {
      const body = await jsonBody(c, captionCuesRequestSchema)
      const audioUrl = await deps.media.inputRef(c, body.audio_url, 'audio_url')
      try {
        return c.json<CaptionCuesResponse>(await deps.captions.cues({ userId: c.var.user.id, audioUrl, language: body.language, script: body.script }))
      } catch (error) {
        if (error instanceof CaptionsUnavailableError) throw new ApiError(400, 'captions_unavailable', error.message)
        if (error instanceof FfmpegError) throw new ApiError(400, 'validation_failed', 'audio_url: The file is not playable audio')
        throw error
      }
    })
    .post('/captions/preview', reading, async (c) => {
      const body = await jsonBody(c, captionPreviewRequestSchema)
      const videoUrl = await deps.media.inputRef(c, body.video_url, 'video_url')
      try {
        const jpeg = await deps.captions.still({ videoUrl, style: body.style, cues: body.cues, at: body.at })
        return c.body(new Uint8Array(jpeg), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'no-store' })
      } catch (error) {
        if (error instanceof CaptionVideoError || error instanceof FfmpegError)
          throw new ApiError(400, 'validation_failed', 'video_url: The file is not a playable video')
        throw error
      }
    })
}
