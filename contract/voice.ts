import { z } from 'zod'
import { SPEECH_LANGUAGES, VOICE_SCRIPT_MAX_CHARACTERS, type SpeechLanguage } from './constants.ts'
import { GENERATION_STATES } from './generations.ts'
import { uploadResultSchema } from './media.ts'

// A voice from a typed script (beyond the spec; docs/product.md §3, "A voice
// from a script"): the lip-sync step's fourth way to give the audio. Making
// the voice is a job like a generation (progress, resume, refund on failure,
// docs/decisions/0232); its result is stored as an upload and answered in the
// upload's own shape, so the audio card and lip sync use it exactly as an
// uploaded file.

export const VOICE_LANGUAGES = SPEECH_LANGUAGES
export type VoiceLanguage = SpeechLanguage

export const VOICE_IDS = ['en-ava', 'en-leo', 'de-lena', 'de-max'] as const
export type VoiceId = (typeof VOICE_IDS)[number]

/** Every voice the picker offers: two per language. Names are the voices' own (not translated). */
export const VOICES = [
  { id: 'en-ava', language: 'en', name: 'Ava' },
  { id: 'en-leo', language: 'en', name: 'Leo' },
  { id: 'de-lena', language: 'de', name: 'Lena' },
  { id: 'de-max', language: 'de', name: 'Max' },
] as const satisfies readonly { id: VoiceId; language: VoiceLanguage; name: string }[]

/** The voices of one language, in the picker's order. */
export function voicesOf(language: VoiceLanguage): (typeof VOICES)[number][] {
  return VOICES.filter((voice) => voice.language === language)
}

/** The first voice of a language: the picker's default. */
export function defaultVoiceOf(language: VoiceLanguage): VoiceId {
  return voicesOf(language)[0]?.id ?? VOICE_IDS[0]
}

export const VOICE_START_PATH = 'api/fal/v1/voice'
export const VOICE_STATUS_PATH = 'api/fal/v1/voiceStatus'
export const VOICE_LATEST_PATH = 'api/fal/v1/voiceLatest'
export const VOICE_CATALOG_PATH = 'api/fal/v1/voices'
/** GET, no sign-in: the short sample of one voice (audio/wav or audio/mpeg), cacheable. */
export const voicePreviewPath = (voice: VoiceId): string => `api/fal/v1/voices/${voice}/preview`

/** POST /api/fal/v1/voice: make the voice of a script. Answers `{ requestId }` like a start call. */
export const voiceStartRequestSchema = z
  .object({
    text: z
      .string({ message: 'Please type what the voice should say' })
      .trim()
      .min(1, 'Please type what the voice should say')
      .max(VOICE_SCRIPT_MAX_CHARACTERS, `The script can be at most ${VOICE_SCRIPT_MAX_CHARACTERS} characters long`),
    language: z.enum(VOICE_LANGUAGES, { message: 'language must be en or de' }),
    voice: z.enum(VOICE_IDS, { message: 'Please pick one of the voices' }),
  })
  .refine((body) => VOICES.some((voice) => voice.id === body.voice && voice.language === body.language), {
    message: 'This voice does not speak that language',
    path: ['voice'],
  })
export type VoiceStartRequest = z.infer<typeof voiceStartRequestSchema>

/** POST /api/fal/v1/voiceStatus. */
export const voiceStatusRequestSchema = z.object({ request_id: z.string().min(1, 'request_id is required').max(200) })

/**
 * "local": the embedded synthesizer, labelled "Local preview voice – not AI" on
 * the page and in the file's metadata (like the local renderer's videos);
 * "ai": the production text-to-speech model.
 */
export const VOICE_MAKERS = ['local', 'ai'] as const

/** A voice job as the page shows it: its script, progress and, once done, the stored audio. */
export const voiceJobSchema = z.object({
  requestId: z.string(),
  status: z.enum(GENERATION_STATES),
  progress: z.object({ currentprogress: z.number(), totalprogress: z.number() }),
  error: z.string().optional(),
  text: z.string(),
  language: z.enum(VOICE_LANGUAGES),
  voice: z.enum(VOICE_IDS),
  maker: z.enum(VOICE_MAKERS),
  /** Set when completed: the stored audio in the upload answer's shape (secure_url, duration, …). */
  audio: uploadResultSchema.nullable(),
  createdAt: z.string(),
})
export type VoiceJob = z.infer<typeof voiceJobSchema>

/** POST /api/fal/v1/voiceLatest: the user's newest voice job (resume after a reload), or null. */
export const voiceLatestResponseSchema = z.object({ voice: voiceJobSchema.nullable() })

/** GET /api/fal/v1/voices: the voices, what one costs and who makes it. */
export const voiceCatalogSchema = z.object({
  maker: z.enum(VOICE_MAKERS),
  /** Credits per voice (contract/constants.ts VOICE_COST), as the server charges it. */
  cost: z.number(),
  maxCharacters: z.number().int(),
  voices: z.array(z.object({ id: z.enum(VOICE_IDS), language: z.enum(VOICE_LANGUAGES), name: z.string(), previewUrl: z.string() })),
})
export type VoiceCatalog = z.infer<typeof voiceCatalogSchema>
