// Re-encodes a PNG with ffmpeg (the bundled static build) to keep committed images small.
import { execFileSync } from 'node:child_process'
import { renameSync } from 'node:fs'

const ffmpeg = 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg'

/**
 * `lossless`: same pixels, better filters (icons: gradients must not band).
 * `palette`: 256 colours with light dithering (screenshots: < 200 kB each).
 */
export function compressPng(file: string, mode: 'lossless' | 'palette'): void {
  const tmp = `${file}.tmp.png`
  const filter = mode === 'palette' ? ['-vf', 'split[a][b];[a]palettegen=max_colors=256:stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=4'] : []
  execFileSync(ffmpeg, ['-loglevel', 'error', '-y', '-i', file, ...filter, '-compression_level', '9', '-pred', 'mixed', tmp])
  renameSync(tmp, file)
}
