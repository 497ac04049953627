import { z } from 'zod'
import { API_ERROR_CODES } from '../errors.ts'
import { MEDIA_KINDS } from '../media.ts'

// The developer API's other answers (docs/decisions/0400, 0402): the balance,
// an uploaded file, and every refusal as RFC 9457 problem details.

export const balanceSchema = z
  .strictObject({ credits: z.number().meta({ description: 'The credits the account holds now, to two decimals.', example: 12.5 }) })
  .meta({ id: 'Balance' })
export type Balance = z.infer<typeof balanceSchema>

export const uploadedMediaSchema = z
  .strictObject({
    url: z.string().meta({ description: 'Pass it as an input URL of a create call. As a link it works for a day; as an input it never expires.' }),
    kind: z.enum(MEDIA_KINDS),
    content_type: z.string().meta({ description: 'The type the bytes are, e.g. audio/mpeg.' }),
    bytes: z.number().int().nonnegative(),
    duration_seconds: z.number().nullable().meta({ description: 'The length of an audio or a video; null for an image.' }),
  })
  .meta({ id: 'UploadedMedia' })
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

/** RFC 9457 problem details, with the app's stable `code`. */
export const problemSchema = z
  .strictObject({
    type: z.string().meta({ description: 'A link to this code on the developer page.' }),
    title: z.string().meta({ description: 'The code in words; the same for every occurrence.' }),
    status: z.number().int(),
    detail: z.string().meta({ description: 'What went wrong this time, in English.' }),
    code: z.enum(API_ERROR_CODES).meta({ description: 'Stable: program against this.' }),
    instance: z.string().optional().meta({ description: 'This request: its X-Request-Id.' }),
    generation_id: z.string().optional().meta({ description: 'With generation_in_progress: the generation still running.' }),
  })
  .meta({ id: 'Problem' })
export type Problem = z.infer<typeof problemSchema>
