import { z } from 'zod'
import { captionFilesSchema, captionsOptionSchema } from './captions.ts'
import { ASPECT_RATIOS, DEFAULT_DURATION, LIPSYNC_MODELS, RESOLUTIONS, SEED_MAX, SEED_MIN } from './constants.ts'

// spec §3 and §7: the generation calls under /api/fal/v1, their bodies and
// answers. Field names are the clients' own, misspellings included
// (`audio_duraraion`, the demo call's `seeds`).

/** Our cap on a requested clip length in seconds (spec is silent; docs/decisions/0072). */
export const MAX_DURATION_SECONDS = 10

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/** spec §3/§5: an optional integer 0 to 999999; blank or absent means random (null here). */
export const seedSchema = z
  .preprocess(
    (value) => (blank(value) ? null : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ message: 'Seed must be a whole number from 0 to 999999' })
      .int('Seed must be a whole number from 0 to 999999')
      .min(SEED_MIN, 'Seed must be a whole number from 0 to 999999')
      .max(SEED_MAX, 'Seed must be a whole number from 0 to 999999')
      .nullable(),
  )
  // Absent is the same as blank; the default also marks the field optional in docs/api.md.
  .default(null)
  .meta({ description: 'A number or a string of digits; blank, null or absent means a random seed.' })

const promptSchema = z.string({ message: 'Please enter a prompt' }).trim().min(1, 'Please enter a prompt').max(2000)
const userIdSchema = z.string({ message: 'user_id is required' }).min(1, 'user_id is required')
const mediaUrlSchema = z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' })

/** spec §3: duration default '5' (seconds); a string or a number. */
const durationSchema = z
  .preprocess(
    (value) => (blank(value) ? Number(DEFAULT_DURATION) : typeof value === 'string' ? Number(value.trim()) : value),
    z.number({ message: 'Duration must be a number of seconds' }).int().min(1).max(MAX_DURATION_SECONDS),
  )
  .default(Number(DEFAULT_DURATION))
  .meta({ description: 'Seconds, as a number or a string of digits; blank or absent means the default.' })

const ugcFields = {
  prompt: promptSchema,
  /** The "enhanced actor" option (spec §3 enhancedDetail): priced 2.00 instead of 1.75 (§9). */
  pro_mode: z.boolean().default(false),
  aspect_ratio: z.enum(ASPECT_RATIOS, { message: 'Aspect ratio must be 9:16' }).default('9:16'),
  resolution: z.enum(RESOLUTIONS, { message: 'Resolution must be 1080p' }).default('1080p'),
  duration: durationSchema,
  user_email: z.string().trim().toLowerCase().optional(),
  user_id: userIdSchema,
}

/** POST /api/fal/v1/generate (spec §7). */
export const ugcGenerateRequestSchema = z.object({ seed: seedSchema, ...ugcFields })
export type UgcGenerateRequest = z.infer<typeof ugcGenerateRequestSchema>

/** POST /api/fal/v1/demoUGCGenerate: the same body, but spec §7 names the seed `seeds`. */
export const demoUgcGenerateRequestSchema = z
  .object({ seeds: seedSchema, seed: seedSchema, ...ugcFields })
  .transform(({ seeds, seed, ...rest }) => ({ ...rest, seed: seeds ?? seed }))

/** POST /api/fal/v1/lipsyncGenerate and /demoLypSyncGenerate (spec §3, §7). */
export const lipSyncGenerateRequestSchema = z.object({
  video_url: mediaUrlSchema,
  audio_url: mediaUrlSchema,
  user_id: userIdSchema,
  /** spec §3: spelt so; the audio length in seconds, must be greater than 0 (§5). */
  audio_duraraion: z.coerce
    .number({ message: 'Audio duration must be a number of seconds' })
    .positive('Audio duration must be greater than 0')
    .max(60 * 60)
    .meta({ description: 'The audio length in seconds (spelt so), a number or a numeric string; the server measures it too.' }),
  lipSyncModel: z.enum(LIPSYNC_MODELS, { message: 'lipSyncModel must be lipsync-1.8.0 or lipsync-1.9.0-beta' }).default('lipsync-1.8.0'),
  /** Beyond the spec: captions burnt into the video (contract/captions.ts); absent or null: none. */
  captions: captionsOptionSchema.nullish(),
})
export type LipSyncGenerateRequest = z.infer<typeof lipSyncGenerateRequestSchema>

/** POST /api/fal/v1/imageToVideo (spec §3, §7). */
export const imageToVideoRequestSchema = z.object({
  prompt: promptSchema,
  img_url: mediaUrlSchema,
  user_id: userIdSchema,
})
export type ImageToVideoRequest = z.infer<typeof imageToVideoRequestSchema>

/** Start answers: `requestId` (UGC, lip sync) or `request_id` (consistent actor). */
export const startResponseSchema = z.object({ requestId: z.string() })
export type StartResponse = z.infer<typeof startResponseSchema>
export const imageToVideoResponseSchema = z.object({ request_id: z.string() })
export type ImageToVideoResponse = z.infer<typeof imageToVideoResponseSchema>

const requestIdSchema = z.string({ message: 'request_id is required' }).min(1, 'request_id is required').max(200)

/** POST /generatedVideo (request_id, duration) and /lipsyncGeneratedVideo (request_id). */
export const statusRequestSchema = z.object({ request_id: requestIdSchema, duration: z.unknown().optional() })
/** POST /getImageToVideoResaults (requestId). */
export const imageToVideoStatusRequestSchema = z.object({ requestId: requestIdSchema })

export const GENERATION_STATES = ['queued', 'running', 'completed', 'failed'] as const
export type GenerationState = (typeof GENERATION_STATES)[number]

/** spec §3 status response: status (completed or other), outputUrl, progress, optionally error. */
export const statusResponseSchema = z.object({
  status: z.enum(GENERATION_STATES),
  outputUrl: z.string().nullable(),
  progress: z.object({ currentprogress: z.number(), totalprogress: z.number() }),
  error: z.string().optional(),
  /** Our addition: the poster frame of the finished video (docs/decisions/0163); absent from events stored before it. */
  thumbnailUrl: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'Our addition: a link to the poster frame (JPEG) of the finished video; null until the job completes with one.' }),
  /** Beyond the spec: the .vtt and .srt of a captioned video, once it is done (contract/captions.ts). */
  captions: captionFilesSchema.optional(),
})
export type StatusResponse = z.infer<typeof statusResponseSchema>

/** spec §8 messages for the refusals of a start call. */
export const GENERATION_MESSAGES = {
  oneTimeGenerate: 'You can only generate one video at a time. Please wait for the current video to finish generating.',
  notEnoughToken: "You don't have enough credits to generate the video.",
  failedToGenerate: 'Failed to generate video. Please try again later.',
} as const
