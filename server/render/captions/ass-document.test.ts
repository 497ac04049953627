import { describe, expect, it } from 'vitest'
import type { CaptionCue } from '../../../contract/captions.ts'
import { assDocument, captionLayout } from './ass-document.ts'

// The subtitle script libass draws: the user's words can never open an
// override block or escape a character (no {\pos(0,0)} moving the caption,
// no \N breaking a line of theirs), the script is in the frame's own pixels,
// and the bold style highlights each spoken word in turn.

const FRAME = { width: 1080, height: 1920 }

function cue(text: string, start = 0, end = 2): CaptionCue {
  const words = text.split(' ')
  const step = (end - start) / words.length
  return { start, end, text, words: words.map((word, index) => ({ text: word, start: start + index * step, end: start + (index + 1) * step })) }
}

/** The Text field of every Dialogue line (the last field: commas inside it are the user's). */
const texts = (script: string): string[] =>
  script
    .split('\n')
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => line.split(',').slice(9).join(','))

describe('assDocument', () => {
  it('keeps override blocks and escapes of the user’s text from reaching libass', () => {
    const script = assDocument([cue('{\\pos(0,0)}Hi \\N there, {\\c&H0000FF&}red} back\\slash')], 'clean', FRAME)
    const [text] = texts(script)
    expect(text).toBeDefined()
    // Only the layout's own line break is libass syntax.
    expect(text?.split('\\N').join(' ')).not.toMatch(/[{}\\]/)
    // What the user typed still shows, in look-alike characters.
    expect(text).toContain('｛⧵pos(0,0)｝Hi ⧵N there,')
    expect(text).toContain('back⧵slash')
  })

  it('breaks lines only where the layout breaks them, with libass’s own \\N', () => {
    const [text] = texts(assDocument([cue('This mug keeps your coffee hot for hours, all day long')], 'clean', FRAME))
    expect(text?.split('\\N')).toEqual(['This mug keeps your coffee', 'hot for hours, all day long'])
  })

  it('is drawn in the frame’s pixels with the layout’s size and margins', () => {
    const script = assDocument([cue('Hello')], 'boxed', { width: 720, height: 1280 })
    const layout = captionLayout({ width: 720, height: 1280 })
    expect(script).toContain('PlayResX: 720\nPlayResY: 1280')
    expect(script).toContain(`Style: Caption,DejaVu Sans,${layout.fontSize},`)
    expect(script).toContain(`,${layout.marginLeft},${layout.marginRight},${layout.marginBottom},1`)
    // Boxed: border style 3, an opaque box behind the words.
    expect(script).toMatch(/Style: Caption(,[^,]*){14},3,/)
  })

  it('gives the bold style one event per word, the spoken word highlighted, and escapes it too', () => {
    const script = assDocument([cue('Grüße {aus} Köln', 1, 2.5)], 'bold', FRAME)
    const lines = script.split('\n').filter((line) => line.startsWith('Dialogue: '))
    expect(lines.map((line) => line.split(',').slice(1, 3).join(' → '))).toEqual([
      '0:00:01.00 → 0:00:01.50',
      '0:00:01.50 → 0:00:02.00',
      '0:00:02.00 → 0:00:02.50',
    ])
    expect(texts(script)).toEqual([
      '{\\c&H0000D7FF&}Grüße{\\r} ｛aus｝ Köln',
      'Grüße {\\c&H0000D7FF&}｛aus｝{\\r} Köln',
      'Grüße ｛aus｝ {\\c&H0000D7FF&}Köln{\\r}',
    ])
  })

  it('shows a corrected caption whole when its words no longer match its text', () => {
    const corrected: CaptionCue = { ...cue('Hello there'), text: 'Hello there, friend' }
    expect(texts(assDocument([corrected], 'bold', FRAME))).toEqual(['Hello there, friend'])
  })
})
