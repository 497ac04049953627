import type { CaptionCue, CaptionStyle } from '../../../contract/captions.ts'
import { CAPTION_LINE_CHARACTERS, CAPTION_SAFE_AREA } from '../../../contract/constants.ts'
import { cueLines } from './cue-layout.ts'

// Captions as an ASS subtitle script for ffmpeg's `ass` filter (libass), in
// the video's own pixels: DejaVu Sans shipped with the server
// (server/render/fonts), bottom-centred just above the bottom fifth, clear of
// the right edge short-video apps cover (CAPTION_SAFE_AREA), sized so two
// lines of CAPTION_LINE_CHARACTERS fit between the margins. Three styles:
// clean (white, outlined), bold (heavier, the spoken word highlighted) and
// boxed (white on a dark box).

export interface Frame {
  width: number
  height: number
}

/** DejaVu Sans Bold's average advance in running text is about half its size; this leaves room for wide letters. */
const ADVANCE_PER_SIZE = 0.55
/** The highlighted word of the bold style: a warm yellow (ASS colours are &HAABBGGRR). */
const HIGHLIGHT = '&H0000D7FF&'

export interface CaptionLayout {
  fontSize: number
  marginLeft: number
  marginRight: number
  /** From the frame's bottom edge to the captions' bottom. */
  marginBottom: number
}

export function captionLayout(frame: Frame): CaptionLayout {
  const marginLeft = Math.ceil(frame.width * CAPTION_SAFE_AREA.leftShare)
  const marginRight = Math.ceil(frame.width * CAPTION_SAFE_AREA.rightShare)
  const available = frame.width - marginLeft - marginRight
  const fontSize = Math.floor(Math.min(frame.height * 0.034, available / (CAPTION_LINE_CHARACTERS * ADVANCE_PER_SIZE)))
  // Above the bottom fifth, with room for the box's padding and the outline.
  const marginBottom = Math.ceil(frame.height * CAPTION_SAFE_AREA.bottomShare + fontSize * 0.6)
  return { fontSize, marginLeft, marginRight, marginBottom }
}

function styleLine(style: CaptionStyle, layout: CaptionLayout): string {
  const common = { size: layout.fontSize, margins: `${layout.marginLeft},${layout.marginRight},${layout.marginBottom}` }
  // Name, Fontname, Fontsize, Primary, Secondary, Outline, Back, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY,
  // Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
  switch (style) {
    case 'clean':
      return `Style: Caption,DejaVu Sans,${common.size},&H00FFFFFF,&H00FFFFFF,&H00000000,&H64000000,0,0,0,0,100,100,0,0,1,${Math.max(2, Math.round(common.size / 16))},${Math.max(1, Math.round(common.size / 24))},2,${common.margins},1`
    case 'bold':
      return `Style: Caption,DejaVu Sans,${common.size},&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,${Math.max(3, Math.round(common.size / 9))},0,2,${common.margins},1`
    case 'boxed':
      return `Style: Caption,DejaVu Sans,${common.size},&H00FFFFFF,&H00FFFFFF,&H40000000,&H40000000,0,0,0,0,100,100,0,0,3,${Math.max(6, Math.round(common.size / 4))},0,2,${common.margins},1`
  }
}

/** ASS text: braces open override blocks and backslashes escape, so neither of the user's may reach it as such. */
const assText = (text: string): string => text.replaceAll('\\', '\u29F5').replaceAll('{', '\uFF5B').replaceAll('}', '\uFF5D')

function clock(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100))
  const h = Math.floor(cs / 360_000)
  const m = Math.floor((cs % 360_000) / 6000)
  const s = Math.floor((cs % 6000) / 100)
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`
}

const dialogue = (start: number, end: number, text: string): string => `Dialogue: 0,${clock(start)},${clock(end)},Caption,,0,0,0,,${text}`

/** The cue's lines, with the word at `highlight` (an index into its words) coloured. */
function cueText(cue: CaptionCue, highlight: number | null): string {
  let index = 0
  return cueLines(cue)
    .map((line) =>
      line
        .split(' ')
        .map((word) => {
          const coloured = index === highlight ? `{\\c${HIGHLIGHT}}${assText(word)}{\\r}` : assText(word)
          index += 1
          return coloured
        })
        .join(' '),
    )
    .join('\\N')
}

/** One cue's events: the whole cue; for the bold style one event per spoken word, that word highlighted. */
function events(cue: CaptionCue, style: CaptionStyle): string[] {
  const wordsMatch = cue.words.length === cue.text.split(/\s+/).filter((word) => word !== '').length
  if (style !== 'bold' || !wordsMatch || cue.words.length === 0) return [dialogue(cue.start, cue.end, cueText(cue, null))]
  const lines: string[] = []
  const firstStart = cue.words[0]?.start ?? cue.start
  if (firstStart > cue.start) lines.push(dialogue(cue.start, firstStart, cueText(cue, null)))
  cue.words.forEach((word, index) => {
    const end = index + 1 < cue.words.length ? (cue.words[index + 1]?.start ?? cue.end) : cue.end
    if (end > word.start) lines.push(dialogue(word.start, end, cueText(cue, index)))
  })
  return lines
}

export function assDocument(cues: readonly CaptionCue[], style: CaptionStyle, frame: Frame): string {
  const layout = captionLayout(frame)
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    // 0: libass wraps a line only if it would cross the margins (ours are already broken to fit).
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    styleLine(style, layout),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...cues.flatMap((cue) => events(cue, style)),
    '',
  ].join('\n')
}
