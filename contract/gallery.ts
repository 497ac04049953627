import { z } from 'zod'
import { GALLERY_PAGE_SIZE, MINMAX_GALLERY_PAGE_SIZE } from './constants.ts'
import { captionFilesSchema } from './captions.ts'
import { GENERATION_STATES } from './generations.ts'

// spec §7: POST /api/fal/v1/gallery, /lipsyncGallery (10 a page) and
// /getMinMaxGallery (16 a page) answer { generations, pagination }.

const pageSchema = z.coerce.number({ message: 'page must be a whole number from 1' }).int().min(1).default(1)

function galleryRequest(maxLimit: number) {
  return z.object({
    page: pageSchema,
    /** The page size; never more than the spec's (§9), default the spec's. */
    limit: z.coerce.number().int().min(1).max(maxLimit).default(maxLimit),
    userId: z.string({ message: 'userId is required' }).min(1, 'userId is required'),
  })
}

export const galleryRequestSchema = galleryRequest(GALLERY_PAGE_SIZE)
export const minMaxGalleryRequestSchema = galleryRequest(MINMAX_GALLERY_PAGE_SIZE)
export type GalleryRequest = z.infer<typeof galleryRequestSchema>

/** spec §3 generation record (server). */
export const generationRecordSchema = z.object({
  _id: z.string(),
  prompt: z.string(),
  parameters: z.object({
    seed: z.number(),
    pro_mode: z.boolean(),
    aspect_ratio: z.string(),
    resolution: z.string(),
  }),
  aspectRatio: z.string(),
  resolution: z.string(),
  thumbnail_url: z
    .string()
    .nullable()
    .meta({ description: 'A link to the poster frame (JPEG) the server took of the finished video; null until it has one (docs/decisions/0163).' }),
  outputUrl: z.string().nullable(),
  status: z.enum(GENERATION_STATES),
  createdAt: z.string(),
  error: z.string().nullable(),
  /** Our addition: the finished video's measured length; absent from older answers and saved copies. */
  durationSeconds: z
    .number()
    .nonnegative()
    .nullable()
    .optional()
    .meta({ description: 'Our addition: the finished video’s length in seconds as measured when its poster was taken; null until then.' }),
  /** Beyond the spec: a captioned video's .vtt and .srt (the card says "Captions"); absent or null: none. */
  captions: captionFilesSchema.nullish(),
})
export type GenerationRecord = z.infer<typeof generationRecordSchema>

export const galleryResponseSchema = z.object({
  generations: z.array(generationRecordSchema),
  pagination: z.object({ pages: z.number().int(), total: z.number().int() }),
})
export type GalleryResponse = z.infer<typeof galleryResponseSchema>
