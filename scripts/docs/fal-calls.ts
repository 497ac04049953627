// Every call under /api/fal/v1 (server/routes/fal.ts, job-events.ts,
// fal-webhook.ts) with its contract schemas and the refusals its route can
// answer. The OpenAPI document and docs/api.md are generated from this table
// (./api-doc.ts); the schemas come from contract/, never retyped here.
import type { z } from 'zod'
import { apiErrorBodySchema, type ApiErrorCode } from '../../contract/errors.ts'
import { galleryRequestSchema, galleryResponseSchema, minMaxGalleryRequestSchema } from '../../contract/gallery.ts'
import {
  demoUgcGenerateRequestSchema,
  imageToVideoRequestSchema,
  imageToVideoResponseSchema,
  imageToVideoStatusRequestSchema,
  lipSyncGenerateRequestSchema,
  startResponseSchema,
  statusRequestSchema,
  statusResponseSchema,
  ugcGenerateRequestSchema,
} from '../../contract/generations.ts'
import { jobEventSchema } from '../../contract/job-events.ts'
import { captionCuesRequestSchema, captionCuesResponseSchema, captionPreviewRequestSchema } from '../../contract/captions.ts'
import { voiceCatalogSchema, voiceJobSchema, voiceLatestResponseSchema, voiceStartRequestSchema, voiceStatusRequestSchema } from '../../contract/voice.ts'
import { z as zod } from 'zod'

// Named once in the document's components instead of repeated per call.
const errorBody = apiErrorBodySchema.meta({ id: 'ApiError' })
const startAnswer = startResponseSchema.meta({ id: 'StartResponse' })
const statusAnswer = statusResponseSchema.meta({ id: 'StatusResponse' })
const galleryAnswer = galleryResponseSchema.meta({ id: 'GalleryResponse' })
export { errorBody as apiErrorBodySchema }

export interface Refusal {
  status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503
  code: ApiErrorCode
  when: string
}

export interface FalCall {
  method: 'get' | 'post'
  path: string
  summary: string
  /** Who may call: a bearer token whose revocation is checked (starts), a token, fal's signature, or anyone (public). */
  caller: 'token, revocation checked' | 'token' | 'fal signature' | 'anyone'
  request?: z.ZodType
  /** The 200 answer: JSON, or each event's data for the event stream. */
  answer?: { schema: z.ZodType; contentType: 'application/json' | 'text/event-stream' | 'audio/wav' | 'image/jpeg' }
  refusals: readonly Refusal[]
}

const token = (revocation: boolean): Refusal[] => [
  { status: 401, code: 'missing_token', when: 'no `Authorization: Bearer` ID token' },
  { status: 401, code: 'invalid_token', when: 'the token cannot be verified' },
  { status: 401, code: 'token_expired', when: 'the token has expired' },
  ...(revocation ? [{ status: 401, code: 'token_revoked', when: 'the session was revoked' } as const] : []),
  { status: 403, code: 'email_not_verified', when: "the account's email is not verified" },
  { status: 404, code: 'user_not_found', when: 'no user record was saved for the account' },
]
const body: Refusal[] = [
  { status: 400, code: 'invalid_json', when: 'the body is not JSON' },
  { status: 400, code: 'validation_failed', when: 'a field is missing or wrong (the message names it)' },
  { status: 413, code: 'payload_too_large', when: 'the body is over 64 kB' },
]
const start = (media: boolean): Refusal[] => [
  ...token(true),
  ...body,
  {
    status: 403,
    code: 'forbidden',
    when: media ? "`user_id` is not the caller's `_id`, or an input of our own media is another user's file" : "`user_id` or `user_email` is not the caller's",
  },
  { status: 402, code: 'insufficient_credits', when: 'the credits do not cover the price (spec §9); nothing is charged' },
  { status: 409, code: 'generation_in_progress', when: 'another generation of the user is queued or running' },
  { status: 502, code: 'generation_failed', when: 'the video provider refused the job; the credits are refunded' },
]
const demo: Refusal = { status: 403, code: 'forbidden', when: 'the caller is not the configured demo account (spec §6)' }
const status: Refusal[] = [...token(false), ...body, { status: 404, code: 'not_found', when: 'no such generation of the caller' }]
const gallery: Refusal[] = [...token(false), ...body, { status: 404, code: 'not_found', when: "`userId` is another user's" }]

const json = (schema: z.ZodType) => ({ schema, contentType: 'application/json' }) as const
const binary = (contentType: 'audio/wav' | 'image/jpeg', description: string) =>
  ({ schema: zod.string().meta({ format: 'binary', description }), contentType }) as const
const voiceStart: Refusal[] = [
  ...token(true),
  ...body,
  { status: 402, code: 'insufficient_credits', when: 'the credits do not cover VOICE_COST; nothing is charged' },
  { status: 409, code: 'voice_in_progress', when: 'another voice of the user is queued or running (a video being made does not count)' },
  { status: 502, code: 'generation_failed', when: 'the text-to-speech model refused the job; the credits are refunded' },
]
const captionInput: Refusal[] = [
  ...token(false),
  ...body,
  { status: 403, code: 'forbidden', when: "an input of our own media is another user's file" },
  { status: 404, code: 'not_found', when: 'an input of our own media was removed since (retention, deletion)' },
  { status: 429, code: 'rate_limited', when: "the account's budget for the call is spent (CAPTION_CUES_LIMIT, CAPTION_PREVIEW_LIMIT); `Retry-After`" },
  { status: 429, code: 'busy', when: 'every render slot of the instance is taken; nothing is spent; `Retry-After`' },
]

export const FAL_CALLS: readonly FalCall[] = [
  {
    method: 'post',
    path: '/api/fal/v1/generate',
    summary: 'Start a UGC actor video (spec §3). Answers the job id; the price is held at once.',
    caller: 'token, revocation checked',
    request: ugcGenerateRequestSchema,
    answer: json(startAnswer),
    refusals: start(false),
  },
  {
    method: 'post',
    path: '/api/fal/v1/demoUGCGenerate',
    summary: "The demo account's UGC start (spec §6): the same body, the seed may be named `seeds`; it costs nothing (docs/decisions/0071).",
    caller: 'token, revocation checked',
    request: demoUgcGenerateRequestSchema,
    answer: json(startAnswer),
    refusals: [...start(false), demo],
  },
  {
    method: 'post',
    path: '/api/fal/v1/generatedVideo',
    summary: "A UGC job's status (spec §4 poll). `duration` is accepted and ignored.",
    caller: 'token',
    request: statusRequestSchema,
    answer: json(statusAnswer),
    refusals: status,
  },
  {
    method: 'post',
    path: '/api/fal/v1/lipsyncGenerate',
    summary: 'Start a lip sync of a video to an audio file (spec §3). The audio is measured before any charge (docs/decisions/0076).',
    caller: 'token, revocation checked',
    request: lipSyncGenerateRequestSchema,
    answer: json(startAnswer),
    refusals: [...start(true), { status: 400, code: 'validation_failed', when: 'the audio cannot be played or is longer than `audio_duraraion` claims' }],
  },
  {
    method: 'post',
    path: '/api/fal/v1/demoLypSyncGenerate',
    summary: "The demo account's lip-sync start (spec §6, spelt so).",
    caller: 'token, revocation checked',
    request: lipSyncGenerateRequestSchema,
    answer: json(startAnswer),
    refusals: [...start(true), demo],
  },
  {
    method: 'post',
    path: '/api/fal/v1/lipsyncGeneratedVideo',
    summary: "A lip-sync job's status.",
    caller: 'token',
    request: statusRequestSchema,
    answer: json(statusAnswer),
    refusals: status,
  },
  {
    method: 'post',
    path: '/api/fal/v1/imageToVideo',
    summary: 'Start a consistent actor video from a face image (spec §3). Answers `request_id`, spelt so.',
    caller: 'token, revocation checked',
    request: imageToVideoRequestSchema,
    answer: json(imageToVideoResponseSchema),
    refusals: start(true),
  },
  {
    method: 'post',
    path: '/api/fal/v1/getImageToVideoResaults',
    summary: "A consistent actor job's status (spec §7, spelt so).",
    caller: 'token',
    request: imageToVideoStatusRequestSchema,
    answer: json(statusAnswer),
    refusals: status,
  },
  {
    method: 'post',
    path: '/api/fal/v1/gallery',
    summary: "A page of the caller's UGC videos, newest first (spec §9: 10 a page).",
    caller: 'token',
    request: galleryRequestSchema,
    answer: json(galleryAnswer),
    refusals: gallery,
  },
  {
    method: 'post',
    path: '/api/fal/v1/lipsyncGallery',
    summary: "A page of the caller's lip-sync videos (10 a page).",
    caller: 'token',
    request: galleryRequestSchema,
    answer: json(galleryAnswer),
    refusals: gallery,
  },
  {
    method: 'post',
    path: '/api/fal/v1/getMinMaxGallery',
    summary: "A page of the caller's consistent actor videos (16 a page).",
    caller: 'token',
    request: minMaxGalleryRequestSchema,
    answer: json(galleryAnswer),
    refusals: gallery,
  },
  {
    method: 'get',
    path: '/api/fal/v1/events',
    summary: 'The caller\'s job changes as server-sent events (docs/decisions/0212); the answer below is each `job` event\'s data. See "Job events" above.',
    caller: 'token',
    answer: { schema: jobEventSchema, contentType: 'text/event-stream' },
    refusals: [...token(false), { status: 429, code: 'rate_limited', when: 'more than 8 streams of one user on one instance' }],
  },
  {
    method: 'get',
    path: '/api/fal/v1/voices',
    summary: 'Beyond the spec: the voices on offer (two per language), their samples, what a voice costs and who makes it (docs/decisions/0232).',
    caller: 'anyone',
    answer: json(voiceCatalogSchema),
    refusals: [],
  },
  {
    method: 'get',
    path: '/api/fal/v1/voices/{voice}/preview',
    summary: "A voice's short sample (a WAV on the embedded default, the model's audio in production), cacheable for a day.",
    caller: 'anyone',
    answer: binary('audio/wav', 'the sample (audio/wav or audio/mpeg)'),
    refusals: [
      { status: 404, code: 'not_found', when: 'no such voice' },
      { status: 502, code: 'upstream_failed', when: 'the sample could not be made; it is not tried again before `Retry-After` (docs/decisions/0233)' },
    ],
  },
  {
    method: 'post',
    path: '/api/fal/v1/voice',
    summary: 'Beyond the spec: make a voice from a typed script, as a job (docs/decisions/0232). Answers the job id; VOICE_COST is held at once.',
    caller: 'token, revocation checked',
    request: voiceStartRequestSchema,
    answer: json(startAnswer),
    refusals: voiceStart,
  },
  {
    method: 'post',
    path: '/api/fal/v1/voiceStatus',
    summary: "A voice job: its progress and, once made, its audio in the upload answer's shape.",
    caller: 'token',
    request: voiceStatusRequestSchema,
    answer: json(voiceJobSchema),
    refusals: [...token(false), ...body, { status: 404, code: 'not_found', when: 'no such voice of the caller' }],
  },
  {
    method: 'post',
    path: '/api/fal/v1/voiceLatest',
    summary: "The caller's newest voice job, or null (the page resumes it after a reload). The body is `{}`.",
    caller: 'token',
    answer: json(voiceLatestResponseSchema),
    refusals: token(false),
  },
  {
    method: 'post',
    path: '/api/fal/v1/captions/cues',
    summary:
      "Beyond the spec: the timed captions of the caller's own stored audio (an upload or a voice) before paying (docs/decisions/0234), from its voice, speech to text, or the typed words (approximate). Captions already known are answered at once and cost no budget.",
    caller: 'token',
    request: captionCuesRequestSchema,
    answer: json(captionCuesResponseSchema),
    refusals: [
      ...captionInput,
      { status: 400, code: 'validation_failed', when: '`audio_url` is not an audio stored here, is not playable, or is longer than CAPTION_AUDIO_MAX_SECONDS' },
      { status: 400, code: 'captions_unavailable', when: 'the words cannot be timed: type what is said (the embedded default)' },
      { status: 502, code: 'upstream_failed', when: 'the speech-to-text model failed or did not answer; nothing is kept' },
    ],
  },
  {
    method: 'post',
    path: '/api/fal/v1/captions/preview',
    summary: 'One still frame of the video with the captions burnt in as they will be, in a style.',
    caller: 'token',
    request: captionPreviewRequestSchema,
    answer: binary('image/jpeg', 'the frame'),
    refusals: [
      ...captionInput,
      { status: 400, code: 'url_not_allowed', when: 'an outside `video_url` points where we do not fetch from (not http(s), a private address)' },
      { status: 400, code: 'validation_failed', when: '`video_url` is not a playable video' },
      { status: 413, code: 'file_too_large', when: 'an outside `video_url` is larger than a video upload may be' },
      { status: 415, code: 'invalid_file_type', when: 'an outside `video_url` is not a video of a supported type' },
      { status: 502, code: 'upstream_failed', when: 'an outside `video_url` could not be loaded (no answer, an HTTP error, too slow)' },
    ],
  },
  {
    method: 'post',
    path: '/api/fal/v1/webhook',
    summary: 'fal\'s signed delivery of a finished or failed job (docs/decisions/0211); the body is fal\'s. See "fal webhook" above.',
    caller: 'fal signature',
    refusals: [
      { status: 400, code: 'webhook_signature_invalid', when: 'the signature is bad, stale or missing; nothing changes' },
      { status: 400, code: 'validation_failed', when: 'the body is not a fal delivery, or names another request than the signature' },
      { status: 404, code: 'not_found', when: 'no job has that request id yet, so fal delivers again' },
      { status: 503, code: 'upstream_failed', when: "fal's public keys cannot be read, so fal delivers again" },
    ],
  },
]
