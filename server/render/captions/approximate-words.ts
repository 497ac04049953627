import type { CaptionWord } from '../../../contract/captions.ts'
import type { Stretch } from './voiced-stretches.ts'

// The embedded default's guess at when each typed word is said: the words
// are laid along the voiced stretches in order, each taking time by its
// length, and a stretch's words stay within it. Labelled approximate on the
// page: it knows where speech is, not which word is where.

const weightOf = (word: string): number => word.length + 2

export function spreadWords(text: string, stretches: readonly Stretch[]): CaptionWord[] {
  const words = text.split(/\s+/).filter((word) => word !== '')
  const voiced = stretches.filter((stretch) => stretch.end > stretch.start)
  if (words.length === 0 || voiced.length === 0) return []
  const totalWeight = words.reduce((sum, word) => sum + weightOf(word), 0)
  const totalVoiced = voiced.reduce((sum, stretch) => sum + (stretch.end - stretch.start), 0)
  // Voiced time is handed out in order; a word never straddles two stretches (it starts in the next one).
  const timed: CaptionWord[] = []
  let stretchIndex = 0
  let at = voiced[0]?.start ?? 0
  for (const word of words) {
    const duration = (weightOf(word) / totalWeight) * totalVoiced
    let stretch = voiced[stretchIndex]
    while (stretch !== undefined && at + duration / 2 > stretch.end && stretchIndex + 1 < voiced.length) {
      stretchIndex += 1
      stretch = voiced[stretchIndex]
      at = Math.max(at, stretch?.start ?? at)
    }
    const end = Math.min(at + duration, stretch?.end ?? at + duration)
    timed.push({ text: word, start: round(at), end: round(Math.max(end, at + 0.05)) })
    at = Math.max(end, at + 0.05)
  }
  return timed
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000
