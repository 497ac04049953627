import type { CaptionCue, CaptionWord } from '../../../contract/captions.ts'
import { layoutCues } from './cue-layout.ts'

// The user may correct a caption's text before it is burnt in. A cue whose
// words still spell its text keeps their times; a corrected cue gets its new
// words spread over its own time, each by its length (the highlight of the
// bold style follows them). A correction too long for two lines becomes
// several captions within the same time.

const tokens = (text: string): string[] => text.split(/\s+/).filter((token) => token !== '')

/** The cue's text as timed words: its own words when they match, else the text spread over the cue. */
export function wordsOfCue(cue: CaptionCue): CaptionWord[] {
  const text = tokens(cue.text)
  if (text.length > 0 && text.length === cue.words.length && text.every((token, index) => cue.words[index]?.text === token)) return cue.words
  const weights = text.map((token) => token.length + 2)
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const span = cue.end - cue.start
  let at = cue.start
  return text.map((token, index) => {
    const start = at
    at += (span * (weights[index] ?? 0)) / total
    return { text: token, start: round(start), end: round(at) }
  })
}

/** The cues as they will be rendered: ordered, empty ones dropped, each fitting two lines. */
export function normaliseCues(cues: readonly CaptionCue[]): CaptionCue[] {
  return [...cues]
    .sort((a, b) => a.start - b.start)
    .flatMap((cue) => {
      const words = wordsOfCue(cue)
      return words.length === 0 ? [] : layoutCues(words).map((part) => ({ ...part, end: Math.min(part.end, cue.end) }))
    })
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000
