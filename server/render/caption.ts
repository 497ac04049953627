import { writeFile } from 'node:fs/promises'
import path from 'node:path'

// Captions reach ffmpeg through `drawtext=textfile=...` with expansion off, so
// no character of the user's prompt is ever parsed as filter syntax or as a
// drawtext `%{...}` expansion.

/** Characters per caption line at the caption font size on a 1080 px frame. */
const LINE_CHARACTERS = 28
const MAX_LINES = 7

/** Word-wraps a prompt into at most MAX_LINES lines, ending with … when cut. */
export function wrapCaption(prompt: string, width = LINE_CHARACTERS, maxLines = MAX_LINES): string[] {
  const words = prompt
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '')
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    // Break words longer than a line so nothing runs off the frame.
    for (let start = 0; start < word.length; start += width) {
      const piece = word.slice(start, start + width)
      const candidate = line === '' ? piece : `${line} ${piece}`
      if (candidate.length <= width) {
        line = candidate
      } else {
        lines.push(line)
        line = piece
      }
    }
  }
  if (line !== '') lines.push(line)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  const last = kept[maxLines - 1] ?? ''
  kept[maxLines - 1] = `${last.slice(0, width - 1)}…`
  return kept
}

/** Writes the wrapped caption to `dir/caption.txt` and returns its path. */
export async function writeCaptionFile(dir: string, prompt: string): Promise<string> {
  const file = path.join(dir, 'caption.txt')
  await writeFile(file, wrapCaption(prompt).join('\n'), 'utf8')
  return file
}

/**
 * Escapes a value for an ffmpeg filter graph option (our own temp paths and
 * fixed labels only): first the option level, then the graph level.
 */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (c) => `\\${c}`)
  return optionLevel.replace(/[\\'[\],;]/g, (c) => `\\${c}`)
}
