import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { GenerationInput, SpeechFacts } from '../provider.ts'
import { synthesize } from '../speech/espeak.ts'
import { SPEECH_VOICES } from '../speech/voices.ts'
import { encodeWav } from '../speech/wav.ts'

// The embedded default's voice (docs/decisions/0233): eSpeak NG speaks the
// script in the worker, the WAV says in its metadata that it is not AI (as the
// local renderer's videos do, docs/decisions/0082), and the synthesizer's own
// word times come along for the captions.

export const LOCAL_VOICE_LABEL = 'Local preview voice – not AI'

type VoiceInput = Extract<GenerationInput, { kind: 'voice' }>

/** Speaks the script into `dir/voice.wav`; answers the file and what the captions need. */
export async function makeLocalVoice(input: VoiceInput, dir: string): Promise<{ file: string; speech: SpeechFacts }> {
  const spoken = await synthesize(input.text, SPEECH_VOICES[input.voice].espeak)
  const file = path.join(dir, 'voice.wav')
  await writeFile(file, encodeWav(spoken.samples, spoken.sampleRate, { comment: `Actorly ${LOCAL_VOICE_LABEL}` }))
  return { file, speech: { seconds: spoken.seconds, language: input.language, words: { timing: 'synthesizer', list: spoken.words } } }
}
