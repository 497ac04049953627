// Renders the sample clip of each prompt template (spec §3 Template; the composer's
// canvas shows the chosen template's sample) into public/templates/, with the ffmpeg
// that ships in node_modules. No text is burned in: the app labels each sample as
// AI-made in the user's language. Run once and commit the output:
//   node_modules/.bin/node scripts/render-template-samples.ts
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HEIGHT, LOOP_SECONDS, SWAY_X, SWAY_Y, WIDTH, avatarFilter, backgroundFilter } from './media-filters.ts'
import type { Look } from './media-looks.ts'

const ffmpeg = 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg'
/** Each committed media file stays well under the repo's 300 kB limit. */
const MAX_BYTES = 300 * 1024
if (!existsSync(ffmpeg)) throw new Error(`missing ${ffmpeg}`)

/** One look per template id (src/features/generator/ugc/ugc-templates.ts). */
const TEMPLATE_LOOKS: Record<string, Look> = {
  beach: { from: [245, 158, 11], to: [34, 211, 238], motion: 'wave', skin: [224, 172, 128], hair: [92, 58, 33], outfit: [254, 243, 199] },
  podcast: { from: [124, 45, 18], to: [249, 115, 22], motion: 'pulse', skin: [198, 134, 90], hair: [20, 20, 28], outfit: [24, 24, 27] },
  office: { from: [59, 130, 246], to: [226, 232, 240], motion: 'scan', skin: [241, 204, 176], hair: [160, 160, 170], outfit: [30, 41, 80] },
  stage: { from: [139, 92, 246], to: [236, 72, 153], motion: 'sweep', skin: [141, 85, 54], hair: [30, 22, 18], outfit: [250, 250, 250] },
  healthcare: { from: [13, 148, 136], to: [209, 250, 229], motion: 'wave', skin: [250, 220, 196], hair: [210, 170, 90], outfit: [255, 255, 255] },
  selfie: { from: [244, 63, 94], to: [245, 158, 11], motion: 'pulse', skin: [92, 56, 36], hair: [20, 20, 28], outfit: [49, 46, 129] },
}

const work = mkdtempSync(join(tmpdir(), 'actorly-templates-'))

function run(args: string[]): void {
  // One filter thread: geq's st()/ld() registers are not thread safe in this ffmpeg.
  execFileSync(ffmpeg, ['-y', '-hide_banner', '-loglevel', 'error', '-filter_threads', '1', '-filter_complex_threads', '1', ...args], { stdio: 'inherit' })
}

function checkSize(file: string): void {
  const bytes = statSync(file).size
  if (bytes > MAX_BYTES) throw new Error(`${file} is ${bytes} bytes, over ${MAX_BYTES}`)
  process.stdout.write(`${file} ${Math.round(bytes / 1024)} kB\n`)
}

function renderSample(look: Look, video: string, poster: string): void {
  const avatar = join(work, 'avatar.png')
  run(['-f', 'lavfi', '-i', `color=c=black:s=${WIDTH}x${HEIGHT}:d=1,format=rgba`, '-vf', avatarFilter(look), '-frames:v', '1', avatar])
  const graph = `[0]${backgroundFilter(look)},scale=${WIDTH}:${HEIGHT}:flags=bicubic[bg];[bg][1]overlay=x='${SWAY_X}':y='${SWAY_Y}':shortest=1,format=yuv420p[v]`
  const input = ['-f', 'lavfi', '-i', `color=c=black:s=45x80:r=24:d=${LOOP_SECONDS},format=rgb24`, '-loop', '1', '-i', avatar]
  const encode = ['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-movflags', '+faststart']
  run([...input, '-filter_complex', graph, '-map', '[v]', '-an', '-t', String(LOOP_SECONDS), ...encode, video])
  checkSize(video)
  // The poster is the first frame, so starting playback does not jump.
  run(['-i', video, '-frames:v', '1', '-c:v', 'libwebp', '-quality', '70', poster])
  checkSize(poster)
}

try {
  mkdirSync('public/templates', { recursive: true })
  for (const [id, look] of Object.entries(TEMPLATE_LOOKS)) renderSample(look, `public/templates/${id}.mp4`, `public/templates/${id}.webp`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
