import { describe, expect, it } from 'vitest'
import type { CaptionWord } from '../../../contract/captions.ts'
import { CAPTION_LINE_CHARACTERS } from '../../../contract/constants.ts'
import { cueLines, layoutCues, wrapWords } from './cue-layout.ts'

// Timed words into captions: two lines of about 32 characters at most, a new
// caption at a sentence's end, a pause of 0.7 s or after five seconds, and
// lines balanced so the second is not a lone word.

/** Words said one after another, each `each` seconds long. */
function said(text: string, each = 0.3, from = 0): CaptionWord[] {
  return text.split(' ').map((word, index) => ({ text: word, start: from + index * each, end: from + (index + 1) * each }))
}

describe('wrapWords', () => {
  it('fills lines up to the width and balances two of them', () => {
    expect(wrapWords(['Short'])).toEqual(['Short'])
    expect(wrapWords('This mug keeps your coffee hot for hours'.split(' '))).toEqual(['This mug keeps your', 'coffee hot for hours'])
    for (const line of wrapWords('Tired of cold coffee? This mug keeps it hot for hours'.split(' ')) ?? []) {
      expect(line.length).toBeLessThanOrEqual(CAPTION_LINE_CHARACTERS)
    }
  })

  it('answers null when the words need more than two lines', () => {
    expect(wrapWords('one two three four five six seven eight nine ten eleven twelve thirteen fourteen'.split(' '))).toBeNull()
  })

  it('gives a word longer than a line a line of its own', () => {
    const long = 'Donaudampfschifffahrtsgesellschaftskapitän'
    expect(wrapWords([long, 'ahoi'])).toEqual([long, 'ahoi'])
  })
})

describe('cueLines', () => {
  it('shows a corrected caption too long for two lines on one line rather than losing words', () => {
    const text = 'a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh'
    expect(cueLines({ text })).toEqual([text])
  })
})

describe('layoutCues', () => {
  it('starts a new caption after a sentence ends', () => {
    const cues = layoutCues(said('Tired of cold coffee? Try this mug.'))
    expect(cues.map((cue) => cue.text)).toEqual(['Tired of cold coffee?', 'Try this mug.'])
    expect(cues[1]?.start).toBeCloseTo(1.2)
    expect(cues[1]?.end).toBeCloseTo(2.1)
  })

  it('starts a new caption at a pause of 0.7 s or more, not at a shorter one', () => {
    // Pauses of 0.5 s (after "there") and 0.75 s (after "friend").
    const words = [...said('Hello there', 0.25), ...said('my friend', 0.25, 1), ...said('again', 0.25, 2.25)]
    expect(layoutCues(words).map((cue) => cue.text)).toEqual(['Hello there my friend', 'again'])
  })

  it('starts a new caption when two lines are full, or after five seconds', () => {
    const many = layoutCues(said('one two three four five six seven eight nine ten eleven twelve thirteen fourteen', 0.1))
    expect(many.length).toBeGreaterThan(1)
    for (const cue of many) expect(wrapWords(cue.text.split(' '))).not.toBeNull()
    const slow = layoutCues(said('one two three four five six seven', 1))
    expect(slow.map((cue) => cue.text)).toEqual(['one two three four five', 'six seven'])
  })

  it('keeps every word, in order, each in one caption that spans it', () => {
    const words = said('Grüße aus Köln! Die Straße ist schön. Und das Wetter auch, wirklich wunderbar heute.', 0.25)
    const cues = layoutCues(words)
    expect(cues.flatMap((cue) => cue.words)).toEqual(words)
    for (const cue of cues) {
      expect(cue.start).toBe(cue.words[0]?.start)
      expect(cue.end).toBe(cue.words.at(-1)?.end)
    }
  })

  it('makes nothing of no words', () => {
    expect(layoutCues([])).toEqual([])
  })
})
