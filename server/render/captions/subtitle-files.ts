import type { CaptionCue } from '../../../contract/captions.ts'
import { cueLines } from './cue-layout.ts'

// The same captions as the video shows, as WebVTT (players, the browser's
// <track>) and SubRip (editing apps), for the files kept beside the video.

const pad = (value: number, size = 2): string => String(value).padStart(size, '0')

function clock(seconds: number, separator: '.' | ','): string {
  const ms = Math.max(0, Math.round(seconds * 1000))
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`
}

/** WebVTT forbids "-->" in a cue's text; a line of only white space would end the cue. */
const vttSafe = (line: string): string => line.replaceAll('-->', '→').replaceAll('&', '&amp;').replaceAll('<', '&lt;')

export function toWebVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map((cue, index) => `${index + 1}\n${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${cueLines(cue).map(vttSafe).join('\n')}`)
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`
}

export function toSubRip(cues: readonly CaptionCue[]): string {
  const blocks = cues.map((cue, index) => `${index + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${cueLines(cue).join('\n')}`)
  return `${blocks.join('\n\n')}\n`
}
