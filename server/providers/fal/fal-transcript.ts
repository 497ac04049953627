import { z } from 'zod'
import type { CaptionWord } from '../../../contract/captions.ts'
import type { SpeechLanguage } from '../../../contract/constants.ts'

// What a speech-to-text model's answer gives the captions: the spoken words
// with their times. ElevenLabs' answer lists words, the spaces between them
// and audio events such as laughter; only the words become captions.

/** Times the words of an audio (a fal speech-to-text model in production; none on the embedded default). */
export interface Transcriber {
  transcribe(audioUrl: string, language: SpeechLanguage, signal: AbortSignal): Promise<CaptionWord[]>
}

const transcriptSchema = z.object({
  words: z.array(z.object({ text: z.string(), start: z.number().optional(), end: z.number().optional(), type: z.string() })),
})

export class TranscriptError extends Error {
  override name = 'TranscriptError'
}

export function transcriptWords(data: unknown): CaptionWord[] {
  const parsed = transcriptSchema.safeParse(data)
  if (!parsed.success) throw new TranscriptError('fal answered a transcript without words')
  return parsed.data.words.flatMap((word) => {
    const text = word.text.trim()
    if (word.type !== 'word' || text === '' || word.start === undefined) return []
    return [{ text, start: word.start, end: Math.max(word.end ?? word.start, word.start) }]
  })
}
