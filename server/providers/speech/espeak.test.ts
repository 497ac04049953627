import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { estimatedSpeechSeconds } from '../../../contract/constants.ts'
import { voicedStretches } from '../../render/captions/voiced-stretches.ts'
import { probeMedia } from '../../render/probe.ts'
import { synthesize } from './espeak.ts'
import { SPEECH_VOICES } from './voices.ts'
import { encodeWav } from './wav.ts'

// The embedded synthesizer (eSpeak NG from npm) makes a real WAV of a
// plausible length for an English and a German script, and the times it
// reports for each word are where the words really are in the audio,
// measured apart from it: words said one per sentence are separated by
// silence, and ffmpeg's silencedetect finds where each starts.

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'actorly-espeak-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function wavOf(name: string, spoken: Awaited<ReturnType<typeof synthesize>>): Promise<string> {
  const file = path.join(dir, `${name}.wav`)
  await writeFile(file, encodeWav(spoken.samples, spoken.sampleRate, { comment: 'test' }))
  return file
}

const SCRIPTS = {
  en: { voice: SPEECH_VOICES['en-ava'].espeak, text: 'Tired of cold coffee? This mug keeps it hot for six hours. Try it today!' },
  de: {
    voice: SPEECH_VOICES['de-lena'].espeak,
    text: 'Schluss mit kaltem Kaffee! Diese Tasse hält ihn sechs Stunden heiß. Probier sie aus, für größere Grüße.',
  },
} as const

describe('the embedded synthesizer', () => {
  it.each(Object.entries(SCRIPTS))('speaks a %s script into a WAV as long as the script reads', async (language, script) => {
    const spoken = await synthesize(script.text, script.voice)
    const facts = await probeMedia(await wavOf(language, spoken))
    const estimate = estimatedSpeechSeconds(script.text, language === 'de' ? 'de' : 'en')
    expect(facts.durationSeconds).toBeCloseTo(spoken.seconds, 1)
    // A person reads it in about `estimate` seconds; eSpeak is within a factor of two of that.
    expect(spoken.seconds).toBeGreaterThan(estimate / 2)
    expect(spoken.seconds).toBeLessThan(estimate * 2)
    // Every word of the script is timed, in order, punctuation and umlauts kept.
    expect(spoken.words.map((word) => word.text).join(' ')).toBe(script.text)
    for (const [index, word] of spoken.words.entries()) {
      expect(word.end).toBeGreaterThanOrEqual(word.start)
      expect(word.start).toBeGreaterThanOrEqual(spoken.words[index - 1]?.start ?? 0)
    }
  })

  it('gives each voice of a language its own sound', async () => {
    const ava = await synthesize('Hello there', SPEECH_VOICES['en-ava'].espeak)
    const leo = await synthesize('Hello there', SPEECH_VOICES['en-leo'].espeak)
    expect(Buffer.from(ava.samples.buffer).equals(Buffer.from(leo.samples.buffer))).toBe(false)
  })

  it.each([
    ['en', SPEECH_VOICES['en-leo'].espeak, 'One. Two. Three. Four. Five.'],
    ['de', SPEECH_VOICES['de-max'].espeak, 'Eins. Zwei. Drei. Vier. Fünf.'],
  ])('times each %s word within 150 ms of where it is heard', async (language, voice, text) => {
    const spoken = await synthesize(text, voice)
    const { stretches } = await voicedStretches(await wavOf(`timing-${language}`, spoken))
    // Measured apart from the synthesizer: one voiced stretch per word.
    expect(stretches).toHaveLength(spoken.words.length)
    for (const [index, word] of spoken.words.entries()) {
      expect(Math.abs(word.start - (stretches[index]?.start ?? Number.NaN))).toBeLessThan(0.15)
    }
  })
})
