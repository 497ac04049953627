import { describe, expect, it } from 'vitest'
import type { CaptionCue } from '../../../contract/captions.ts'
import { toSubRip, toWebVtt } from './subtitle-files.ts'

// The .vtt and .srt kept beside a captioned video: the captions' times to the
// millisecond, their lines as the video shows them, and nothing in a
// caption's text that a player would read as markup or a cue timing.

const CUES: CaptionCue[] = [
  { start: 0, end: 1.5, text: 'Tired of cold coffee?', words: [] },
  { start: 3661.0004, end: 3663.25, text: 'A <b>bold</b> --> claim & more', words: [] },
]

describe('toWebVtt', () => {
  it('writes numbered cues with dotted milliseconds, escaping markup and arrows', () => {
    expect(toWebVtt(CUES)).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nTired of cold coffee?\n\n2\n01:01:01.000 --> 01:01:03.250\nA &lt;b>bold&lt;/b> → claim &amp; more\n',
    )
  })

  it('breaks a long caption into the lines the video shows', () => {
    const long: CaptionCue = { start: 0, end: 2, text: 'This mug keeps your coffee hot for hours', words: [] }
    expect(toWebVtt([long])).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nThis mug keeps your\ncoffee hot for hours\n')
  })
})

describe('toSubRip', () => {
  it('writes numbered cues with comma milliseconds and the text as said', () => {
    expect(toSubRip(CUES)).toBe('1\n00:00:00,000 --> 00:00:01,500\nTired of cold coffee?\n\n2\n01:01:01,000 --> 01:01:03,250\nA <b>bold</b> --> claim & more\n')
  })
})
