import type { z } from 'zod'
import { api } from '@/api/http'
import {
  type demoUgcGenerateRequestSchema,
  type imageToVideoRequestSchema,
  type imageToVideoStatusRequestSchema,
  imageToVideoResponseSchema,
  type lipSyncGenerateRequestSchema,
  startResponseSchema,
  type statusRequestSchema,
  statusResponseSchema,
  type StatusResponse,
  type ugcGenerateRequestSchema,
} from '@contract/generations'
import { userStatusSchema, type UserStatus } from '@contract/users'
import { ASPECT_RATIOS, DEFAULT_DURATION, RESOLUTIONS } from '@contract/constants'
import { lipSyncModelOf } from './job-config'
import type { JobKind, JobParams } from './types'

// The server calls of a generation (spec §7; docs/api.md for the status lookup),
// with the clients' own paths and field names (demoLypSyncGenerate,
// getImageToVideoResaults, audio_duraraion, the demo call's `seeds`). Each body is
// checked against what the server's schema accepts (its input type), so a misspelt
// or missing field fails the typecheck, not a user.

/** What the server accepts as the body of a call whose schema is `Schema`. */
type BodyOf<Schema extends z.ZodType> = z.input<Schema>

export interface Caller {
  email: string
  /** The user record's _id (spec §3 user_id). */
  userId: string
  /** spec §6: the demo account uses the demo calls. */
  demo: boolean
}

/** GET api/users/v1/{email}/status (docs/api.md, decision 0063). */
export async function fetchUserStatus(email: string): Promise<UserStatus> {
  return userStatusSchema.parse(await api.get(`api/users/v1/${encodeURIComponent(email)}/status`).json())
}

/** The start call of spec §7 for the job's kind; answers the provider's request id. */
export async function callStart(params: JobParams, caller: Caller): Promise<string> {
  switch (params.kind) {
    case 'ugc': {
      const settings = {
        prompt: params.prompt,
        pro_mode: params.enhanced,
        // spec §9: 9:16 and 1080p are the only options.
        aspect_ratio: ASPECT_RATIOS[0],
        resolution: RESOLUTIONS[0],
        duration: DEFAULT_DURATION,
        user_email: caller.email,
        user_id: caller.userId,
      }
      if (caller.demo) {
        // spec §7 names the demo call's seed `seeds`; the schema's `seed` is only a fallback for it.
        const json = { ...settings, seeds: params.seed } satisfies Omit<BodyOf<typeof demoUgcGenerateRequestSchema>, 'seed'>
        return startResponseSchema.parse(await api.post('api/fal/v1/demoUGCGenerate', { json }).json()).requestId
      }
      const json = { ...settings, seed: params.seed } satisfies BodyOf<typeof ugcGenerateRequestSchema>
      return startResponseSchema.parse(await api.post('api/fal/v1/generate', { json }).json()).requestId
    }
    case 'lipsync': {
      const json = {
        video_url: params.videoUrl,
        audio_url: params.audioUrl,
        user_id: caller.userId,
        audio_duraraion: params.audioDurationSeconds,
        lipSyncModel: lipSyncModelOf(params.enhanced),
        // Beyond the spec: captions burnt in (docs/decisions/0234); without them the body is the spec's.
        ...(params.captions === undefined ? {} : { captions: params.captions }),
      } satisfies BodyOf<typeof lipSyncGenerateRequestSchema>
      const path = caller.demo ? 'api/fal/v1/demoLypSyncGenerate' : 'api/fal/v1/lipsyncGenerate'
      return startResponseSchema.parse(await api.post(path, { json }).json()).requestId
    }
    case 'consistent': {
      const json = { prompt: params.prompt, img_url: params.imageUrl, user_id: caller.userId } satisfies BodyOf<typeof imageToVideoRequestSchema>
      return imageToVideoResponseSchema.parse(await api.post('api/fal/v1/imageToVideo', { json }).json()).request_id
    }
  }
}

/** The status call of spec §7 for the job's kind. */
export async function callStatus(kind: JobKind, requestId: string): Promise<StatusResponse> {
  const answer =
    kind === 'ugc'
      ? api.post('api/fal/v1/generatedVideo', { json: { request_id: requestId, duration: DEFAULT_DURATION } satisfies BodyOf<typeof statusRequestSchema> })
      : kind === 'lipsync'
        ? api.post('api/fal/v1/lipsyncGeneratedVideo', { json: { request_id: requestId } satisfies BodyOf<typeof statusRequestSchema> })
        : api.post('api/fal/v1/getImageToVideoResaults', { json: { requestId } satisfies BodyOf<typeof imageToVideoStatusRequestSchema> })
  return statusResponseSchema.parse(await answer.json())
}
