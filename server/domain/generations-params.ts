import { z } from 'zod'
import { captionsOptionSchema } from '../../contract/captions.ts'
import { LIPSYNC_MODELS, SPEECH_LANGUAGES } from '../../contract/constants.ts'
import { LOCALES } from '../../contract/locale.ts'
import { VOICE_IDS } from '../../contract/voice.ts'
import type { GenerationInput } from '../providers/provider.ts'

// What a job row keeps in `params` (JSON text): the provider input, enough to
// run the job again after a restart, and the request's settings the gallery
// shows (spec §3 generation record: parameters {seed, pro_mode, aspect_ratio, resolution}).

/** The language of a local preview's burnt-in label (docs/decisions/0147); absent on older jobs. */
const locale = z.enum(LOCALES).optional()

export const generationInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ugc'), prompt: z.string(), seed: z.number().int(), durationSeconds: z.number(), enhanced: z.boolean(), locale }),
  z.object({
    kind: z.literal('lipsync'),
    videoUrl: z.string(),
    audioUrl: z.string(),
    audioSeconds: z.number(),
    model: z.enum(LIPSYNC_MODELS),
    captions: captionsOptionSchema.optional(),
    locale,
  }),
  z.object({ kind: z.literal('consistent'), prompt: z.string(), imageUrl: z.string(), durationSeconds: z.number(), locale }),
  z.object({ kind: z.literal('voice'), text: z.string(), language: z.enum(SPEECH_LANGUAGES), voice: z.enum(VOICE_IDS) }),
]) satisfies z.ZodType<GenerationInput>

export const jobSettingsSchema = z.object({
  seed: z.number().int(),
  pro_mode: z.boolean(),
  aspect_ratio: z.string(),
  resolution: z.string(),
})
export type JobSettings = z.infer<typeof jobSettingsSchema>

export const jobParamsSchema = z.object({
  input: generationInputSchema,
  settings: jobSettingsSchema,
  /** Started through a demo endpoint by the demo account. */
  demo: z.boolean(),
})
export type JobParams = z.infer<typeof jobParamsSchema>

export function parseJobParams(text: string): JobParams {
  return jobParamsSchema.parse(JSON.parse(text))
}
