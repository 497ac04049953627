// Every call of the developer API (/api/public/v1, server/public-api/) with
// its contract schemas, the scope it needs and the refusals it can answer.
// The OpenAPI document (./public-openapi.ts) is generated from this table and
// the schemas in contract/public-api/, never retyped here; a server test
// holds the routes and the document to each other.
import { z } from 'zod'
import type { ApiErrorCode } from '../../contract/errors.ts'
import { IDEMPOTENCY_KEY_MAX_LENGTH, MAX_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES } from '../../contract/constants.ts'
import { MEDIA_KINDS } from '../../contract/media.ts'
import { balanceSchema, uploadedMediaSchema } from '../../contract/public-api/account.ts'
import {
  createConsistentActorSchema,
  createLipSyncSchema,
  createUgcActorSchema,
  generationIdParamsSchema,
  generationListSchema,
  listGenerationsQuerySchema,
  publicGenerationSchema,
} from '../../contract/public-api/generations.ts'
import { IDEMPOTENCY_HEADER, PUBLIC_API_PATHS, type ApiScope } from '../../contract/public-api/paths.ts'

export interface PublicRefusal {
  status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502
  code: ApiErrorCode
  when: string
}

export interface PublicCall {
  method: 'get' | 'post'
  path: string
  operationId: string
  summary: string
  description: string
  /** null: any valid key; 'open': no key at all. */
  scope: ApiScope | null | 'open'
  request?: { contentType: 'application/json' | 'multipart/form-data'; schema: z.ZodType }
  params?: { path?: z.ZodObject; query?: z.ZodObject; header?: z.ZodObject }
  answer: { status: 200 | 201; description: string; schema: z.ZodType; headers?: 'created' }
  refusals: readonly PublicRefusal[]
}

const key: PublicRefusal[] = [
  { status: 401, code: 'missing_token', when: 'no `Authorization: Bearer` key' },
  { status: 401, code: 'invalid_api_key', when: 'not an API key, or revoked' },
  { status: 401, code: 'account_deleted', when: "the key's account was deleted" },
  { status: 429, code: 'rate_limited', when: 'the key is over its rate limit; `Retry-After` says when to try again' },
]
const scoped = (scope: ApiScope): PublicRefusal[] => [...key, { status: 403, code: 'insufficient_scope', when: `the key lacks the \`${scope}\` scope` }]
const json: PublicRefusal[] = [
  { status: 400, code: 'invalid_json', when: 'the body is not JSON' },
  { status: 400, code: 'validation_failed', when: 'a field is missing, wrong or unknown (`detail` names it)' },
  { status: 413, code: 'payload_too_large', when: 'the body is over 64 kB' },
]
const create = (media: boolean): PublicRefusal[] => [
  ...scoped('generations:write'),
  ...json,
  { status: 400, code: 'validation_failed', when: `the \`${IDEMPOTENCY_HEADER}\` header is malformed, or the model does not offer what was asked` },
  ...(media
    ? ([
        { status: 403, code: 'forbidden', when: "an input URL names another account's upload" },
        { status: 400, code: 'url_not_allowed', when: 'an outside input URL is not https' },
      ] as const)
    : []),
  { status: 402, code: 'insufficient_credits', when: 'the credits do not cover the price; nothing is charged' },
  { status: 409, code: 'generation_in_progress', when: 'another generation is queued or running (one at a time); `generation_id` names it' },
  { status: 409, code: 'idempotency_key_in_use', when: `a request with the same \`${IDEMPOTENCY_HEADER}\` is still running` },
  { status: 422, code: 'idempotency_key_reused', when: `the \`${IDEMPOTENCY_HEADER}\` was used with another request` },
  { status: 502, code: 'generation_failed', when: 'the video service refused the job; the credits are given back' },
]

const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER]: z.string().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).optional().meta({
    description:
      'A key of your choosing (a UUID, say): a retry with the same key and body starts and charges nothing more and answers the same generation, for 24 hours.',
  }),
})

const created = (description: string) => ({ status: 201, description, schema: publicGenerationSchema, headers: 'created' }) as const

const upload = z.object({
  file: z.string().meta({ contentMediaType: 'application/octet-stream', description: 'The file: audio and images up to 10 MB, videos up to 100 MB.' }),
  kind: z.enum(MEDIA_KINDS).meta({ description: 'What the file is; its bytes must agree.' }),
})

export const PUBLIC_CALLS: readonly PublicCall[] = [
  {
    method: 'post',
    path: PUBLIC_API_PATHS.createUgcActor,
    operationId: 'createUgcActor',
    summary: 'Create a UGC actor video',
    description: 'A talking actor from a prompt, 9:16 at 1080p. Costs 1.75 credits, 2.00 enhanced, held at once and given back if it fails.',
    scope: 'generations:write',
    request: { contentType: 'application/json', schema: createUgcActorSchema },
    params: { header: idempotencyHeader },
    answer: created('Started: the generation, queued.'),
    refusals: create(false),
  },
  {
    method: 'post',
    path: PUBLIC_API_PATHS.createLipSync,
    operationId: 'createLipSync',
    summary: 'Create a lip sync',
    description: "A video's face speaks an audio file. Costs the audio's started minutes times the model's rate; the audio is measured before any charge.",
    scope: 'generations:write',
    request: { contentType: 'application/json', schema: createLipSyncSchema },
    params: { header: idempotencyHeader },
    answer: created('Started: the generation, queued.'),
    refusals: [...create(true), { status: 400, code: 'validation_failed', when: 'the audio cannot be played, or lasts longer than `audio_duration_seconds`' }],
  },
  {
    method: 'post',
    path: PUBLIC_API_PATHS.createConsistentActor,
    operationId: 'createConsistentActor',
    summary: 'Create a consistent actor video',
    description: 'The same face, from an image, in a new scene from a prompt. Costs 2.00 credits.',
    scope: 'generations:write',
    request: { contentType: 'application/json', schema: createConsistentActorSchema },
    params: { header: idempotencyHeader },
    answer: created('Started: the generation, queued.'),
    refusals: create(true),
  },
  {
    method: 'get',
    path: PUBLIC_API_PATHS.generation,
    operationId: 'getGeneration',
    summary: 'Read a generation',
    description: 'Its status, progress, video link once completed, or why it failed.',
    scope: 'generations:read',
    params: { path: generationIdParamsSchema },
    answer: { status: 200, description: 'The generation.', schema: publicGenerationSchema },
    refusals: [...scoped('generations:read'), { status: 404, code: 'not_found', when: 'no generation of this account has that id' }],
  },
  {
    method: 'get',
    path: PUBLIC_API_PATHS.generations,
    operationId: 'listGenerations',
    summary: 'List generations',
    description: "The account's generations of every kind, newest first, a page at a time: pass `next_cursor` as `cursor` for the next.",
    scope: 'generations:read',
    params: { query: listGenerationsQuerySchema },
    answer: { status: 200, description: 'A page.', schema: generationListSchema },
    refusals: [
      ...scoped('generations:read'),
      { status: 400, code: 'validation_failed', when: 'a query parameter is wrong or unknown, or the cursor is not ours' },
    ],
  },
  {
    method: 'post',
    path: PUBLIC_API_PATHS.media,
    operationId: 'uploadMedia',
    summary: 'Upload an input file',
    description: `A video, an audio or an image to use as an input, as multipart/form-data. Audio and images up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, videos up to ${MAX_VIDEO_UPLOAD_BYTES / 1024 / 1024} MB. Files no generation uses are deleted after a week.`,
    scope: 'generations:write',
    request: { contentType: 'multipart/form-data', schema: upload },
    answer: { status: 201, description: 'Stored: pass its url to a create call.', schema: uploadedMediaSchema },
    refusals: [
      ...scoped('generations:write'),
      { status: 400, code: 'validation_failed', when: 'not multipart/form-data, or without `file` or a known `kind`' },
      { status: 413, code: 'file_too_large', when: 'the file is over the size for its kind' },
      { status: 415, code: 'invalid_file_type', when: 'the bytes are not a supported file of that kind, or do not play' },
    ],
  },
  {
    method: 'get',
    path: PUBLIC_API_PATHS.balance,
    operationId: 'getBalance',
    summary: 'Read the balance',
    description: 'The credits the account holds. Any key may read it.',
    scope: null,
    answer: { status: 200, description: 'The balance.', schema: balanceSchema },
    refusals: key,
  },
  {
    method: 'get',
    path: PUBLIC_API_PATHS.openapi,
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of this API. Needs no key.',
    scope: 'open',
    answer: { status: 200, description: 'The document.', schema: z.looseObject({ openapi: z.string() }) },
    refusals: [],
  },
]
