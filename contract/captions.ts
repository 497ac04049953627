import { z } from 'zod'
import { CAPTION_TEXT_MAX_CHARACTERS, SPEECH_LANGUAGES } from './constants.ts'

// Captions burnt into a lip-sync video (beyond the spec; docs/product.md §3,
// "Captions"): off by default, three styles, previewed on a still frame before
// paying, their text correctable. The server times the words (from the voice's
// synthesizer, a speech-to-text model, or — on the embedded default — the
// words the user typed spread over the voiced stretches, labelled approximate),
// the app shows and edits the cues, and the lip-sync start sends them back.

export const CAPTION_STYLES = ['clean', 'bold', 'boxed'] as const
export type CaptionStyle = (typeof CAPTION_STYLES)[number]

/** Where the word times came from; only `approximate` is a guess the page says is one. */
export const CAPTION_TIMINGS = ['synthesizer', 'speech_to_text', 'approximate'] as const
export type CaptionTiming = (typeof CAPTION_TIMINGS)[number]

const seconds = z
  .number()
  .min(0)
  .max(60 * 60)

export const captionWordSchema = z.object({ text: z.string().min(1).max(200), start: seconds, end: seconds })
export type CaptionWord = z.infer<typeof captionWordSchema>

/**
 * One caption on screen: at most two lines of about 32 characters
 * (CAPTION_MAX_LINES, CAPTION_LINE_CHARACTERS). `words` time each word for the
 * highlight of the bold style; after a correction the server times the new
 * words within the cue again.
 */
export const captionCueSchema = z
  .object({
    start: seconds,
    end: seconds,
    text: z.string().trim().max(400),
    words: z.array(captionWordSchema).max(200),
  })
  .refine((cue) => cue.end > cue.start, { message: 'A caption must end after it starts', path: ['end'] })
export type CaptionCue = z.infer<typeof captionCueSchema>

export const captionCuesSchema = z
  .array(captionCueSchema)
  .min(1, 'There are no captions to show')
  .max(400)
  .refine((cues) => cues.reduce((sum, cue) => sum + cue.text.length, 0) <= CAPTION_TEXT_MAX_CHARACTERS, {
    message: 'The captions are too long',
  })

export const CAPTION_CUES_PATH = 'api/fal/v1/captions/cues'
export const CAPTION_PREVIEW_PATH = 'api/fal/v1/captions/preview'

const mediaUrlSchema = z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' })

/** POST /api/fal/v1/captions/cues: the timed captions of an audio. */
export const captionCuesRequestSchema = z.object({
  audio_url: mediaUrlSchema,
  language: z.enum(SPEECH_LANGUAGES, { message: 'language must be en or de' }),
  /**
   * "What is said": the words the user typed. The embedded default times
   * them over the voiced stretches (approximate); ignored when the words are
   * known (a voice from a script, or a speech-to-text model).
   */
  script: z.string().trim().max(CAPTION_TEXT_MAX_CHARACTERS).optional(),
})
export type CaptionCuesRequest = z.infer<typeof captionCuesRequestSchema>

export const captionCuesResponseSchema = z.object({
  timing: z.enum(CAPTION_TIMINGS),
  /** True when the times are a guess (the page says so). */
  approximate: z.boolean(),
  cues: z.array(captionCueSchema),
})
export type CaptionCuesResponse = z.infer<typeof captionCuesResponseSchema>

/** The Captions option of a lip-sync start (absent: no captions). */
export const captionsOptionSchema = z.object({
  style: z.enum(CAPTION_STYLES, { message: 'style must be clean, bold or boxed' }),
  cues: captionCuesSchema,
  timing: z.enum(CAPTION_TIMINGS).default('approximate'),
})
export type CaptionsOption = z.infer<typeof captionsOptionSchema>

/**
 * POST /api/fal/v1/captions/preview: one still frame of the video with the
 * captions burnt in as they will be, answered as image/jpeg. `at` is the
 * second shown (default: the middle of the first caption).
 */
export const captionPreviewRequestSchema = z.object({
  video_url: mediaUrlSchema,
  style: z.enum(CAPTION_STYLES, { message: 'style must be clean, bold or boxed' }),
  cues: captionCuesSchema,
  at: seconds.optional(),
})
export type CaptionPreviewRequest = z.infer<typeof captionPreviewRequestSchema>

/** The caption files beside a captioned video (signed links, like the video's). */
export const captionFilesSchema = z.object({ vtt: z.string(), srt: z.string() })
export type CaptionFiles = z.infer<typeof captionFilesSchema>
