import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'

// The local renderer uses the static ffmpeg shipped in node_modules so
// `npm start` needs no system package; FFMPEG_PATH points at another build
// (e.g. a distro ffmpeg) when an operator prefers it (docs/operations/media.md).

/** Path of the ffmpeg binary the renderer and the media probe run. */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.FFMPEG_PATH?.trim()
  return override !== undefined && override !== '' ? override : ffmpegInstaller.path
}

/** The font every caption uses (CI installs fonts-dejavu-core). */
export const CAPTION_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
