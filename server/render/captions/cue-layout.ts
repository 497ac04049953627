import type { CaptionCue, CaptionWord } from '../../../contract/captions.ts'
import { CAPTION_LINE_CHARACTERS, CAPTION_MAX_LINES } from '../../../contract/constants.ts'

// Timed words become captions: at most CAPTION_MAX_LINES lines of about
// CAPTION_LINE_CHARACTERS characters each, a new caption at a sentence's end
// or a clear pause, so a caption never holds words far apart in time.

/** A pause this long between two words starts a new caption. */
const PAUSE_SECONDS = 0.7
/** A caption stays up at most this long, however short its words. */
const MAX_CUE_SECONDS = 5

const endsSentence = (text: string): boolean => /[.!?…]["')\]»“”]*$/.test(text)

/** Breaks words into at most `maxLines` lines of at most `width` characters; null when they do not fit. */
export function wrapWords(words: readonly string[], width = CAPTION_LINE_CHARACTERS, maxLines = CAPTION_MAX_LINES): string[] | null {
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    if (word.length > width && line === '') {
      // A word longer than a line gets a line of its own (the renderer's margins still hold it).
      lines.push(word)
      continue
    }
    const candidate = line === '' ? word : `${line} ${word}`
    if (candidate.length <= width) {
      line = candidate
      continue
    }
    lines.push(line)
    line = word
  }
  if (line !== '') lines.push(line)
  return lines.length <= maxLines ? balance(lines, width) : null
}

/** Two lines read best when even: move words down while the second stays shorter than the first. */
function balance(lines: string[], width: number): string[] {
  if (lines.length !== 2) return lines
  let [first = '', second = ''] = lines
  for (;;) {
    const cut = first.lastIndexOf(' ')
    if (cut < 0) break
    const nextFirst = first.slice(0, cut)
    const nextSecond = `${first.slice(cut + 1)} ${second}`
    if (nextSecond.length > width || nextSecond.length > nextFirst.length + 4) break
    first = nextFirst
    second = nextSecond
  }
  return [first, second]
}

/** The lines a cue shows (its text wrapped as the renderer and the caption files show it). */
export function cueLines(cue: Pick<CaptionCue, 'text'>): string[] {
  const words = cue.text.split(/\s+/).filter((word) => word !== '')
  return wrapWords(words) ?? wrapWords(words, Number.POSITIVE_INFINITY, 1) ?? [cue.text]
}

function cueOf(words: CaptionWord[]): CaptionCue {
  const first = words[0]
  const last = words.at(-1)
  const start = first?.start ?? 0
  return { start, end: Math.max(last?.end ?? start, start + 0.1), text: words.map((word) => word.text).join(' '), words }
}

/** Groups timed words into captions that fit the lines, in order. */
export function layoutCues(words: readonly CaptionWord[]): CaptionCue[] {
  const cues: CaptionCue[] = []
  let current: CaptionWord[] = []
  for (const word of words) {
    const previous = current.at(-1)
    const fits = wrapWords([...current, word].map((w) => w.text)) !== null
    const paused = previous !== undefined && word.start - previous.end >= PAUSE_SECONDS
    const tooLong = current[0] !== undefined && word.end - current[0].start > MAX_CUE_SECONDS
    if (current.length > 0 && (!fits || paused || tooLong || endsSentence(previous?.text ?? ''))) {
      cues.push(cueOf(current))
      current = []
    }
    current.push(word)
  }
  if (current.length > 0) cues.push(cueOf(current))
  return cues
}
