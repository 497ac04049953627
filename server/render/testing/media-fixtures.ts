import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { ffmpegPath } from '../ffmpeg-binary.ts'

// Tiny real media files for the renderer and media tests, made with the same
// ffmpeg the server uses, in a temp dir the test removes afterwards.

const run = promisify(execFile)

export async function ffmpeg(args: string[]): Promise<Buffer> {
  const { stdout } = await run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  })
  return stdout
}

export async function makeTempDir(prefix = 'actorly-test-'): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}

/** A sine tone of the given length, encoded by the file's extension (mp3, wav, ogg, m4a, aac, flac, weba). */
export async function makeAudio(file: string, seconds: number, extraArgs: string[] = []): Promise<string> {
  const format = path.extname(file) === '.weba' ? ['-c:a', 'libopus', '-f', 'webm'] : path.extname(file) === '.aac' ? ['-f', 'adts'] : []
  await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, ...format, ...extraArgs, file])
  return file
}

/** A small test-pattern video (mp4, mov, m4v, webm by extension). */
export async function makeVideo(file: string, seconds: number, size = '320x240'): Promise<string> {
  const ext = path.extname(file)
  const codec = ext === '.webm' ? ['-c:v', 'libvpx', '-b:v', '200k'] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
  const format = ext === '.m4v' ? ['-f', 'ipod'] : []
  await ffmpeg(['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25:duration=${seconds}`, ...codec, ...format, file])
  return file
}

/** A small still image (png, jpg, webp by extension). */
export async function makeImage(file: string, size = '240x320'): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `testsrc=size=${size}`, '-frames:v', '1', file])
  return file
}

/** RGB of one pixel of a video's first frame. */
export async function firstFramePixel(file: string, x: number, y: number): Promise<[number, number, number]> {
  const raw = await ffmpeg(['-i', file, '-frames:v', '1', '-vf', `format=rgb24,crop=1:1:${x}:${y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'])
  return [raw[0] ?? -1, raw[1] ?? -1, raw[2] ?? -1]
}
