import { z } from 'zod'
import type { GenerationInput, OutputFormat } from '../provider.ts'
import { enumValues } from './fal-schema.ts'
import {
  FAL_ENDPOINTS,
  falEndpoint,
  type ConsistentEndpoint,
  type FalEndpoint,
  type FalRequestBody,
  type LipSyncEndpoint,
  type SpeechEndpoint,
  type TranscriptionEndpoint,
  type UgcEndpoint,
} from './model-families.ts'

// What each fal model is sent for a job, and how its answer is read. The
// model ids come from configuration (docs/operations/generation.md); their
// input shapes come from the model-family table (model-families.ts).

export interface FalModels {
  /** Text to video for the UGC actor, e.g. fal-ai/bytedance/seedance/v1/pro/fast/text-to-video. */
  ugc: string
  /** fal-ai/sync-lipsync (model lipsync-1.8.0 or lipsync-1.9.0-beta). */
  lipsync: string
  /** A face image to video, e.g. fal-ai/kling-video/v2.5-turbo/standard/image-to-video. */
  consistent: string
  /** Text to speech for a voice from a script, e.g. fal-ai/minimax/speech-2.8-hd. */
  speech: string
  /** Speech to text with word times for captions, e.g. fal-ai/elevenlabs/speech-to-text. */
  transcription: string
}

/** The configured models, found in the table. */
export interface FalEndpoints {
  ugc: UgcEndpoint
  /** What pro_mode asks for: the family's higher tier, or the same endpoint. */
  ugcEnhanced: UgcEndpoint
  lipsync: LipSyncEndpoint
  consistent: ConsistentEndpoint
  speech: SpeechEndpoint
  transcription: TranscriptionEndpoint
}

const KIND_WORDS: Record<FalEndpoint['kind'], string> = {
  ugc: 'a text-to-video model for the UGC actor',
  lipsync: 'a lip-sync model',
  consistent: 'a face-image-to-video model for the consistent actor',
  speech: 'a text-to-speech model',
  transcription: 'a speech-to-text model with word times',
}

/** A configured model id the table does not know for that kind: the server would send it a shape it cannot take. */
export class UnknownFalModelError extends Error {
  override name = 'UnknownFalModelError'
  readonly kind: FalEndpoint['kind']
  constructor(kind: FalEndpoint['kind'], model: string) {
    const known = FAL_ENDPOINTS.filter((endpoint) => endpoint.kind === kind).map((endpoint) => endpoint.id)
    super(`${model} is not ${KIND_WORDS[kind]} the server knows the input of; known: ${known.join(', ')}`)
    this.kind = kind
  }
}

function ugcEndpoint(id: string): UgcEndpoint {
  const found = falEndpoint(id)
  if (found?.kind !== 'ugc') throw new UnknownFalModelError('ugc', id)
  return found
}

/** Looks every configured model up in the table; throws UnknownFalModelError for one it does not know. */
export function resolveFalModels(models: FalModels): FalEndpoints {
  const ugc = ugcEndpoint(models.ugc)
  const lipsync = falEndpoint(models.lipsync)
  if (lipsync?.kind !== 'lipsync') throw new UnknownFalModelError('lipsync', models.lipsync)
  const consistent = falEndpoint(models.consistent)
  if (consistent?.kind !== 'consistent') throw new UnknownFalModelError('consistent', models.consistent)
  const speech = falEndpoint(models.speech)
  if (speech?.kind !== 'speech') throw new UnknownFalModelError('speech', models.speech)
  const transcription = falEndpoint(models.transcription)
  if (transcription?.kind !== 'transcription') throw new UnknownFalModelError('transcription', models.transcription)
  return { ugc, ugcEnhanced: ugc.higherTier === null ? ugc : ugcEndpoint(ugc.higherTier), lipsync, consistent, speech, transcription }
}

/** The endpoint a job goes to (UGC with pro_mode: the higher tier, decision 0230). */
export function endpointFor(input: GenerationInput, endpoints: FalEndpoints): FalEndpoint {
  switch (input.kind) {
    case 'ugc':
      return input.enhanced ? endpoints.ugcEnhanced : endpoints.ugc
    case 'voice':
      return endpoints.speech
    default:
      return endpoints[input.kind]
  }
}

/** The request body of the model, in fal's field names. */
export function falInputFor(input: GenerationInput, endpoints: FalEndpoints): FalRequestBody {
  switch (input.kind) {
    case 'ugc':
      return (input.enhanced ? endpoints.ugcEnhanced : endpoints.ugc).toInput(input)
    case 'lipsync':
      return endpoints.lipsync.toInput(input)
    case 'consistent':
      return endpoints.consistent.toInput(input)
    case 'voice':
      return endpoints.speech.toInput(input)
  }
}

/** Why the model cannot be asked for this job as the user asked it, or null (checked before any charge). */
export function refusalFor(input: GenerationInput, endpoints: FalEndpoints): string | null {
  if (input.kind !== 'ugc') return null
  const endpoint = endpointFor(input, endpoints)
  const durations = enumValues(endpoint.input, 'duration')
  if (durations.includes(String(input.durationSeconds))) return null
  return `This video model makes clips of ${durations.join(', ')} seconds; ${input.durationSeconds} s cannot be made`
}

/** The format the model renders in whatever the request, or null when the request's settings stand. */
export function outputFormatFor(input: GenerationInput, endpoints: FalEndpoints): OutputFormat | null {
  return endpointFor(input, endpoints).renders
}

/** Every video model used answers `{ video: { url } }`. */
export const falVideoResultSchema = z.object({ video: z.object({ url: z.url() }) })

/** The text-to-speech model answers `{ audio: { url }, duration_ms }`. */
export const falAudioResultSchema = z.object({ audio: z.object({ url: z.url() }), duration_ms: z.number().optional() })

/** The file a finished job's answer names (a video, or a voice's audio), or null. */
export function resultUrlOf(payload: unknown): string | null {
  const video = falVideoResultSchema.safeParse(payload)
  if (video.success) return video.data.video.url
  const audio = falAudioResultSchema.safeParse(payload)
  return audio.success ? audio.data.audio.url : null
}

/** The queue's status answer (COMPLETED may carry an `error` when the run failed). */
export const falStatusSchema = z.object({
  status: z.enum(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELED']),
  queue_position: z.number().optional(),
  error: z.string().nullish(),
  error_type: z.string().nullish(),
})
