// Renders the landing page's 16 sample clips (public/samples/) and the scripted demo's
// canned media (public/demo/) with the ffmpeg that ships in node_modules. They are drawn
// here, not made by AI, so nothing in a frame claims otherwise: the pages label them in
// the reader's language (docs/decisions/0083) and each file's metadata says so.
// Run once and commit the output, so a build never needs ffmpeg:
//   node_modules/.bin/node scripts/render-media.ts
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  FONT_BOLD,
  FONT_REGULAR,
  HEIGHT,
  LOOP_SECONDS,
  SWAY_X,
  SWAY_Y,
  SYLLABLES,
  VOICE,
  WIDTH,
  avatarFilter,
  backgroundFilter,
  drawText,
} from './media-filters.ts'
import { DEMO_LOOK, type Look, SAMPLE_LOOKS } from './media-looks.ts'

const ffmpeg = 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg'
/** Each committed media file stays well under the repo's 300 kB limit. */
const MAX_BYTES = 300 * 1024
const DEMO_SECONDS = 5
/** In each file's metadata, as the local renderer marks its output (docs/decisions/0082). */
const SAMPLE_COMMENT = 'Actorly illustrative sample – made without AI'

for (const file of [ffmpeg, FONT_REGULAR, FONT_BOLD]) {
  if (!existsSync(file)) throw new Error(`missing ${file} (fonts: apt-get install fonts-dejavu-core)`)
}

const work = mkdtempSync(join(tmpdir(), 'actorly-media-'))

function run(args: string[]): void {
  // One filter thread: geq's st()/ld() registers are not thread safe in this ffmpeg.
  const oneThread = ['-filter_threads', '1', '-filter_complex_threads', '1']
  execFileSync(ffmpeg, ['-y', '-hide_banner', '-loglevel', 'error', ...oneThread, ...args], { stdio: 'inherit' })
}

function checkSize(file: string): void {
  const bytes = statSync(file).size
  if (bytes > MAX_BYTES) throw new Error(`${file} is ${bytes} bytes, over ${MAX_BYTES}`)
  process.stdout.write(`${file} ${Math.round(bytes / 1024)} kB\n`)
}

function renderAvatar(look: Look, file: string): void {
  run(['-f', 'lavfi', '-i', `color=c=black:s=${WIDTH}x${HEIGHT}:d=1,format=rgba`, '-vf', avatarFilter(look), '-frames:v', '1', file])
}

/** A dark open mouth, shown over the closed one while the demo voice speaks. */
function renderOpenMouth(file: string): void {
  const inside = 'clip((1-((X-14)*(X-14)/169+(Y-9)*(Y-9)/64))*6,0,1)'
  run(['-f', 'lavfi', '-i', 'color=c=black:s=28x18:d=1,format=rgba', '-vf', `geq=r=70:g=14:b=24:a='255*${inside}'`, '-frames:v', '1', file])
}

/** `title`, when given, is burnt in: the landing's and the demo's clips have none, since the page names them in the reader's language (docs/decisions/0147). */
type Clip = { look: Look; title?: string; seconds: number; out: string; openMouth?: string; withVoice?: boolean }

function renderClip(clip: Clip): void {
  const avatar = join(work, 'avatar.png')
  renderAvatar(clip.look, avatar)
  const inputs = ['-f', 'lavfi', '-i', `color=c=black:s=45x80:r=24:d=${clip.seconds},format=rgb24`, '-loop', '1', '-i', avatar]
  let graph = `[0]${backgroundFilter(clip.look)},scale=${WIDTH}:${HEIGHT}:flags=bicubic[bg];[bg][1]overlay=x='${SWAY_X}':y='${SWAY_Y}':shortest=1[v0]`
  if (clip.openMouth) {
    inputs.push('-loop', '1', '-i', clip.openMouth)
    graph += `;[v0][2]overlay=x='166+${SWAY_X}':y='285+${SWAY_Y}':enable='gt(${SYLLABLES},0.45)'[v1]`
  } else {
    graph += ';[v0]null[v1]'
  }
  const title = clip.title === undefined ? '' : `,${drawText(clip.title, { bold: true, size: 24, x: '(w-tw)/2', y: 'h-80', boxOpacity: 0.45, boxBorder: 12 })}`
  graph += `;[v1]format=yuv420p${title}[v]`
  const audio = clip.withVoice ? ['-f', 'lavfi', '-i', `aevalsrc='${VOICE}':s=22050:d=${clip.seconds}`] : []
  const audioMap = clip.withVoice ? ['-map', `${clip.openMouth ? 3 : 2}:a`, '-c:a', 'aac', '-b:a', '48k', '-ac', '1'] : ['-an']
  run([
    ...inputs,
    ...audio,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    ...audioMap,
    '-t',
    String(clip.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '28',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-metadata',
    `comment=${SAMPLE_COMMENT}`,
    '-movflags',
    '+faststart',
    clip.out,
  ])
  checkSize(clip.out)
}

/** The poster is the clip's first frame, so starting playback does not jump. */
function renderPoster(video: string, out: string): void {
  const codec = out.endsWith('.webp') ? ['-c:v', 'libwebp', '-quality', '70'] : ['-q:v', '5']
  run(['-i', video, '-frames:v', '1', ...codec, out])
  checkSize(out)
}

function renderDemoAudio(out: string): void {
  run([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='${VOICE}':s=22050:d=${DEMO_SECONDS}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    '-ac',
    '1',
    '-metadata',
    `comment=${SAMPLE_COMMENT}`,
    out,
  ])
  checkSize(out)
}

try {
  mkdirSync('public/samples', { recursive: true })
  mkdirSync('public/demo', { recursive: true })
  for (const sample of SAMPLE_LOOKS) {
    const video = `public/samples/${sample.id}.mp4`
    renderClip({ look: sample, seconds: LOOP_SECONDS, out: video })
    renderPoster(video, `public/samples/${sample.id}.webp`)
  }
  renderClip({ look: DEMO_LOOK, seconds: DEMO_SECONDS, out: 'public/demo/ugc.mp4' })
  renderPoster('public/demo/ugc.mp4', 'public/demo/ugc.jpg')
  const mouth = join(work, 'mouth.png')
  renderOpenMouth(mouth)
  renderClip({ look: DEMO_LOOK, seconds: DEMO_SECONDS, out: 'public/demo/lipsync.mp4', openMouth: mouth, withVoice: true })
  renderPoster('public/demo/lipsync.mp4', 'public/demo/lipsync.jpg')
  renderDemoAudio('public/demo/audio.mp3')
} finally {
  rmSync(work, { recursive: true, force: true })
}
