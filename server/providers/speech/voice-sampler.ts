import { VOICE_PREVIEW_TEXT } from '../../../contract/constants.ts'
import { VOICES, type VoiceId } from '../../../contract/voice.ts'
import { synthesize } from './espeak.ts'
import { SPEECH_VOICES } from './voices.ts'
import { encodeWav } from './wav.ts'

// A voice's short sample for the picker (contract/voice.ts, voicePreviewPath):
// the same sentence per language, said by whoever makes the voices — eSpeak
// NG on the embedded default, the text-to-speech model in production — made
// once and kept in the instance's memory (a few dozen kB each).

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

/** Makes each voice's sample once; a failed one is tried again at the next request. */
export function cachedSampler(sampler: VoiceSampler): VoiceSampler {
  const made = new Map<VoiceId, Promise<VoiceSample>>()
  return {
    sample(voice, signal) {
      const existing = made.get(voice)
      if (existing !== undefined) return existing
      const making = sampler.sample(voice, signal)
      made.set(voice, making)
      making.catch(() => made.delete(voice))
      return making
    },
  }
}
