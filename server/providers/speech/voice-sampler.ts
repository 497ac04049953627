import { VOICE_PREVIEW_TEXT } from '../../../contract/constants.ts'
import { VOICES, type VoiceId } from '../../../contract/voice.ts'
import { synthesize } from './espeak.ts'
import { SPEECH_VOICES } from './voices.ts'
import { encodeWav } from './wav.ts'

// A voice's short sample for the picker (contract/voice.ts, voicePreviewPath):
// the same sentence per language, said by whoever makes the voices — eSpeak
// NG on the embedded default, the text-to-speech model in production — made
// by the API instance at the first request for it and kept in its memory (a
// few dozen kB each; docs/decisions/0233).

export interface VoiceSample {
  bytes: Buffer
  contentType: 'audio/wav' | 'audio/mpeg'
}

export interface VoiceSampler {
  sample(voice: VoiceId, signal: AbortSignal): Promise<VoiceSample>
}

export const localVoiceSampler: VoiceSampler = {
  async sample(voice) {
    const language = VOICES.find((known) => known.id === voice)?.language ?? 'en'
    const spoken = await synthesize(VOICE_PREVIEW_TEXT[language], SPEECH_VOICES[voice].espeak)
    return { bytes: encodeWav(spoken.samples, spoken.sampleRate), contentType: 'audio/wav' }
  },
}

/** A voice's sample failed a moment ago; it is not asked for again before `retryAfterSeconds`. */
export class SampleUnavailableError extends Error {
  override name = 'SampleUnavailableError'
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number, options?: ErrorOptions) {
    super(`The voice sample is unavailable; it is tried again in ${retryAfterSeconds} s`, options)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * Waits before a failed sample is made again, longer after each failure in a
 * row: on fal each attempt is a paid call, and the preview route is public.
 */
export const SAMPLE_RETRY_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000] as const

export interface CachedSamplerOptions {
  backoffMs?: readonly number[]
  now?: () => number
}

/**
 * Makes each voice's sample once per instance. A failed one is made again only
 * after a wait (SAMPLE_RETRY_BACKOFF_MS); until then asking answers
 * SampleUnavailableError at once, calling nobody.
 */
export function cachedSampler(sampler: VoiceSampler, options: CachedSamplerOptions = {}): VoiceSampler {
  const backoff = options.backoffMs ?? SAMPLE_RETRY_BACKOFF_MS
  const now = options.now ?? Date.now
  const made = new Map<VoiceId, Promise<VoiceSample>>()
  const failed = new Map<VoiceId, { times: number; until: number }>()
  return {
    sample(voice, signal) {
      const existing = made.get(voice)
      if (existing !== undefined) return existing
      const last = failed.get(voice)
      if (last !== undefined && now() < last.until) {
        return Promise.reject(new SampleUnavailableError(Math.max(1, Math.ceil((last.until - now()) / 1000))))
      }
      const making = sampler.sample(voice, signal)
      made.set(voice, making)
      making.then(
        () => failed.delete(voice),
        () => {
          made.delete(voice)
          const times = (last?.times ?? 0) + 1
          const wait = backoff[Math.min(times, backoff.length) - 1] ?? 0
          failed.set(voice, { times, until: now() + wait })
        },
      )
      return making
    },
  }
}
