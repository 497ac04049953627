import { falEndpoint } from '../model-families.ts'

// What the fake fal server answers for a finished request, in the shape of
// the model it went to (the model-family table's kind): a video model's
// `{ video }`, a text-to-speech model's `{ audio, duration_ms }`, a
// speech-to-text model's transcript with word times.

/** A word of ElevenLabs' speech-to-text answer (type 'word', 'spacing' or 'audio_event'). */
export interface FakeTranscriptWord {
  text: string
  start: number
  end: number
  type: 'word' | 'spacing' | 'audio_event'
}

/** What a finished request's answer is made of (a FakeFalRequest of ./fake-fal-server.ts). */
export interface FinishedFalRequest {
  id: string
  app: string
  path: string
  input: unknown
  script: { resultUrl?: string; transcript?: FakeTranscriptWord[] }
}

/** What the fake hears in any audio unless a script says otherwise. */
export const FAKE_TRANSCRIPT: FakeTranscriptWord[] = [
  { text: 'Grüße', start: 0.1, end: 0.5, type: 'word' },
  { text: ' ', start: 0.5, end: 0.55, type: 'spacing' },
  { text: 'aus', start: 0.55, end: 0.8, type: 'word' },
  { text: ' ', start: 0.8, end: 0.85, type: 'spacing' },
  { text: '(laughs)', start: 0.85, end: 1.0, type: 'audio_event' },
  { text: 'Köln!', start: 1.0, end: 1.4, type: 'word' },
]

/** Which of the table's kinds a request went to (the answer's shape follows it). */
export function kindOf(request: FinishedFalRequest): string | undefined {
  return falEndpoint(request.path === '' ? request.app : `${request.app}/${request.path}`)?.kind
}

/**
 * The model's output: a text-to-speech model's `{ audio, duration_ms }`, a
 * speech-to-text model's transcript, else `{ video: File }` and the seed used
 * when the input had one (Seedance's output).
 */
export function resultOf(request: FinishedFalRequest, base: string): Record<string, unknown> {
  const kind = kindOf(request)
  if (kind === 'speech') {
    const audio = { url: request.script.resultUrl ?? `${base}/files/${request.id}.wav`, content_type: 'audio/wav', file_name: 'speech.wav' }
    return { audio, duration_ms: 1500 }
  }
  if (kind === 'transcription') {
    const words = request.script.transcript ?? FAKE_TRANSCRIPT
    const text = words.map((word) => word.text).join('')
    return { text, language_code: 'deu', language_probability: 0.98, words }
  }
  const video = { url: request.script.resultUrl ?? `${base}/files/${request.id}.mp4`, content_type: 'video/mp4', file_name: 'output.mp4' }
  const seed = typeof request.input === 'object' && request.input !== null && 'seed' in request.input ? request.input.seed : undefined
  return typeof seed === 'number' ? { video, seed } : { video }
}
