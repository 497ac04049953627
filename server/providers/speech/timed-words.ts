import type { CaptionWord } from '../../../contract/captions.ts'

// Words of a script with the second each is spoken: the synthesizer reports
// where in the text and the audio each word starts; the script's own tokens
// (split at white space, punctuation kept) get the time of the first word
// spoken inside them, and end where the next one starts.

export interface WordStart {
  /** 0-based character position in the script. */
  textIndex: number
  seconds: number
}

interface Token {
  text: string
  start: number
  end: number
}

function tokensOf(script: string): Token[] {
  const tokens: Token[] = []
  for (const match of script.matchAll(/\S+/g)) tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length })
  return tokens
}

/** The script's words, each from its first spoken start to the next word's start (the last to `totalSeconds`). */
export function timeScriptWords(script: string, starts: readonly WordStart[], totalSeconds: number): CaptionWord[] {
  const sorted = [...starts].sort((a, b) => a.textIndex - b.textIndex)
  const timed: { text: string; start: number }[] = []
  for (const token of tokensOf(script)) {
    const spoken = sorted.find((start) => start.textIndex >= token.start && start.textIndex < token.end)
    if (spoken !== undefined) {
      timed.push({ text: token.text, start: spoken.seconds })
      continue
    }
    // Nothing spoken in it (a dash, an emoji): it shows with the word before it.
    const previous = timed.at(-1)
    if (previous !== undefined) previous.text = `${previous.text} ${token.text}`
  }
  return timed.map((word, index) => ({
    text: word.text,
    start: round(word.start),
    end: round(Math.max(word.start, timed[index + 1]?.start ?? totalSeconds)),
  }))
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000
