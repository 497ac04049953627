import type { EspeakModule, EspeakWorker } from '@echogarden/espeak-ng-emscripten'
import type { CaptionWord } from '../../../contract/captions.ts'
import { timeScriptWords, type WordStart } from './timed-words.ts'
import { ESPEAK_WORDS_PER_MINUTE } from './voices.ts'

// The embedded speech synthesizer (docs/decisions/0233): eSpeak NG compiled to
// JavaScript, from npm, offline. It is not AI and sounds like it; what it
// offers the captions is exact: it reports where each word starts in the
// audio. Loaded at the first voice (docs/decisions/0206: libraries load where
// used); one synthesis runs at a time in a process (it holds one state).

export class SpeechSynthesisError extends Error {
  override name = 'SpeechSynthesisError'
}

export interface SynthesizedSpeech {
  samples: Int16Array
  sampleRate: number
  seconds: number
  words: CaptionWord[]
}

let loading: Promise<EspeakWorker> | undefined

async function worker(): Promise<EspeakWorker> {
  loading ??= import('@echogarden/espeak-ng-emscripten').then(async (module) => {
    const loaded: EspeakModule = await module.default({})
    return new loaded.eSpeakNGWorker()
  })
  return loading
}

/** Speaks `text` with an eSpeak voice name (e.g. `de+f2`); throws SpeechSynthesisError for a voice it does not have. */
export async function synthesize(text: string, espeakVoice: string): Promise<SynthesizedSpeech> {
  const speaker = await worker()
  if (speaker.set_voice(espeakVoice) !== 0) throw new SpeechSynthesisError(`eSpeak NG has no voice ${espeakVoice}`)
  speaker.set_rate(ESPEAK_WORDS_PER_MINUTE)
  const chunks: Int16Array[] = []
  const starts: WordStart[] = []
  speaker.synthesize(text, (samples, events) => {
    if (samples !== null && samples.length > 0) chunks.push(samples)
    for (const event of events) {
      if (event.type === 'word') starts.push({ textIndex: event.text_position - 1, seconds: event.audio_position / 1000 })
    }
    return false
  })
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
  if (length === 0) throw new SpeechSynthesisError('eSpeak NG made no sound for this text')
  const samples = new Int16Array(length)
  let offset = 0
  for (const chunk of chunks) {
    samples.set(chunk, offset)
    offset += chunk.length
  }
  const seconds = length / speaker.samplerate
  return { samples, sampleRate: speaker.samplerate, seconds, words: timeScriptWords(text, starts, seconds) }
}
