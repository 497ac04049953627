import type { VoiceId } from '../../../contract/voice.ts'

// Who speaks each voice of the picker (contract/voice.ts): an eSpeak NG voice
// and variant for the embedded synthesizer, and a system voice of the
// production text-to-speech model (docs/operations/generation.md). The two
// differ in sound; each keeps the voice's language and gender.

export interface SpeechVoice {
  /** eSpeak NG's voice name with its variant (`+f3`: a female variant). */
  espeak: string
  /** The text-to-speech model's own voice id (MiniMax system voices speak every language it offers). */
  model: string
}

export const SPEECH_VOICES: Record<VoiceId, SpeechVoice> = {
  'en-ava': { espeak: 'en-us+f3', model: 'Wise_Woman' },
  'en-leo': { espeak: 'en-us+m3', model: 'Deep_Voice_Man' },
  'de-lena': { espeak: 'de+f2', model: 'Wise_Woman' },
  'de-max': { espeak: 'de+m3', model: 'Deep_Voice_Man' },
}

/** eSpeak's speaking rate in words per minute: a little under its default 175, clearer to lip sync to. */
export const ESPEAK_WORDS_PER_MINUTE = 160
