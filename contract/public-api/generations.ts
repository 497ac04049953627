import { z } from 'zod'
import { API_LIST_PAGE_DEFAULT, API_LIST_PAGE_MAX, DEFAULT_DURATION, LIPSYNC_MODELS, SEED_MAX, SEED_MIN } from '../constants.ts'
import { GENERATION_STATES, MAX_DURATION_SECONDS } from '../generations.ts'

// The developer API's generations (docs/decisions/0400): one create call per
// kind with plain names and types (no string numbers, no misspellings), one
// generation object for every answer and webhook event, and a list paged by
// cursor. The inputs, limits and prices are the app's (spec §3, §5, §9).
// Bodies are strict: an unknown field is refused, so a typo cannot go unseen.

/** The three kinds of video, as the API names them. */
export const PUBLIC_GENERATION_KINDS = ['ugc_actor', 'lip_sync', 'consistent_actor'] as const
export type PublicGenerationKind = (typeof PUBLIC_GENERATION_KINDS)[number]

const prompt = z
  .string()
  .trim()
  .min(1, 'prompt: Please enter a prompt')
  .max(2000)
  .meta({ description: 'What the video shows.', example: 'A cheerful barista recommends our oat latte, smiling at the camera' })

const mediaUrl = (description: string) =>
  z
    .url({ protocol: /^https?$/, message: 'Must be an https URL or the URL of a file uploaded to this API' })
    .max(2048)
    .meta({ description: `${description} Either the \`url\` of a file uploaded with POST /media, or an \`https\` URL the server downloads.` })

export const createUgcActorSchema = z
  .strictObject({
    prompt,
    duration_seconds: z
      .number()
      .int()
      .min(1)
      .max(MAX_DURATION_SECONDS)
      .default(Number(DEFAULT_DURATION))
      .meta({ description: 'The clip length in seconds; the video model may offer only some lengths.' }),
    seed: z
      .number()
      .int()
      .min(SEED_MIN)
      .max(SEED_MAX)
      .nullable()
      .default(null)
      .meta({ description: 'The same seed and prompt give a similar video; null or absent picks one at random.' }),
    enhanced: z.boolean().default(false).meta({ description: 'The enhanced actor: 2.00 credits instead of 1.75.' }),
  })
  .meta({ id: 'CreateUgcActor' })
export type CreateUgcActor = z.infer<typeof createUgcActorSchema>

export const createLipSyncSchema = z
  .strictObject({
    video_url: mediaUrl('The video of the face to lip-sync (mp4, mov, webm or m4v).'),
    audio_url: mediaUrl('The speech (mp3, wav, m4a, aac, ogg or flac).'),
    audio_duration_seconds: z
      .number()
      .positive()
      .max(60 * 60)
      .meta({
        description:
          'The audio length in seconds: the price is its started minutes times the model rate. The server measures the audio and refuses it when it is longer. An upload answers its `duration_seconds`.',
      }),
    model: z.enum(LIPSYNC_MODELS).default('lipsync-1.8.0').meta({ description: 'lipsync-1.8.0 (2.35 credits a minute) or lipsync-1.9.0-beta (3.00).' }),
  })
  .meta({ id: 'CreateLipSync' })
export type CreateLipSync = z.infer<typeof createLipSyncSchema>

export const createConsistentActorSchema = z
  .strictObject({
    prompt,
    image_url: mediaUrl('The face to keep (jpeg, png or webp).'),
  })
  .meta({ id: 'CreateConsistentActor' })
export type CreateConsistentActor = z.infer<typeof createConsistentActorSchema>

/** Every answer and event shows a generation so. */
export const publicGenerationSchema = z
  .strictObject({
    id: z.string().meta({ description: 'The generation id.' }),
    kind: z.enum(PUBLIC_GENERATION_KINDS),
    status: z.enum(GENERATION_STATES).meta({ description: 'queued and running end in completed or failed.' }),
    progress: z
      .strictObject({ current: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
      .meta({ description: 'Steps done of the steps known; total is 0 while nothing is known yet.' }),
    video_url: z
      .string()
      .nullable()
      .meta({ description: 'The finished video (MP4) once completed: a link that works for a day; read the generation again for a fresh one.' }),
    error: z
      .strictObject({ code: z.literal('generation_failed'), message: z.string() })
      .nullable()
      .meta({ description: 'Why it failed; the credits were given back.' }),
    cost_credits: z.number().meta({ description: 'Credits held at the start; given back when it fails.' }),
    prompt: z.string().nullable().meta({ description: 'The prompt (null for a lip sync).' }),
    created_at: z.string().meta({ description: 'ISO 8601, UTC.' }),
    updated_at: z.string().meta({ description: 'The last change, ISO 8601, UTC.' }),
  })
  .meta({ id: 'Generation' })
export type PublicGeneration = z.infer<typeof publicGenerationSchema>

export const generationIdParamsSchema = z.object({ id: z.string().min(1).max(200).meta({ description: 'The generation id.' }) })

export const listGenerationsQuerySchema = z.strictObject({
  kind: z.enum(PUBLIC_GENERATION_KINDS).optional().meta({ description: 'Only this kind.' }),
  status: z.enum(GENERATION_STATES).optional().meta({ description: 'Only this status.' }),
  limit: z.coerce.number().int().min(1).max(API_LIST_PAGE_MAX).default(API_LIST_PAGE_DEFAULT).meta({ description: 'Generations per page.' }),
  cursor: z.string().min(1).max(200).optional().meta({ description: 'The `next_cursor` of the page before.' }),
})
export type ListGenerationsQuery = z.infer<typeof listGenerationsQuerySchema>

export const generationListSchema = z
  .strictObject({
    data: z.array(publicGenerationSchema).meta({ description: 'Newest first.' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last.' }),
  })
  .meta({ id: 'GenerationList' })
export type GenerationList = z.infer<typeof generationListSchema>
