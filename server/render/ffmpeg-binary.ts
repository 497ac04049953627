import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'

// The local renderer uses the static ffmpeg shipped in node_modules so
// `npm start` needs no system package; FFMPEG_PATH points at another build
// (e.g. a distro ffmpeg) when an operator prefers it (docs/operations/media.md).
// The setting is read with the rest of the environment (server/config.ts) and
// handed over once at boot by server/compose/core.ts.

let configuredPath: string | null = null

/** Uses another ffmpeg build from now on (null: the bundled one). */
export function chooseFfmpegBinary(path: string | null): void {
  configuredPath = path
}

/** Path of the ffmpeg binary the renderer and the media probe run. */
export function ffmpegPath(): string {
  return configuredPath ?? ffmpegInstaller.path
}

/** The font every caption uses (CI installs fonts-dejavu-core). */
export const CAPTION_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
