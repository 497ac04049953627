import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { runFfmpeg } from '../../render/run-ffmpeg.ts'

// Small real media files for the generation tests, made by ffmpeg once per
// test file: a short clip, a tone, a face-sized image and the clip a fal UGC
// model answers with (1080x1920, 5 s: what the spec's request asks for).

export interface MediaFixtures {
  dir: string
  videoFile: string
  /** A 1080x1920 clip of 5 s, as fal's UGC model makes for the spec's settings (fake fal results). */
  portraitVideoFile: string
  audioFile: string
  imageFile: string
  remove(): Promise<void>
}

export async function createMediaFixtures(options: { audioSeconds?: number } = {}): Promise<MediaFixtures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'actorly-gen-fixtures-'))
  const videoFile = path.join(dir, 'input.mp4')
  const audioFile = path.join(dir, 'voice.wav')
  const imageFile = path.join(dir, 'face.png')
  const portraitVideoFile = path.join(dir, 'portrait.mp4')
  await runFfmpeg({
    args: ['-f', 'lavfi', '-i', 'testsrc=size=160x284:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', videoFile],
  })
  const seconds = String(options.audioSeconds ?? 1.5)
  await runFfmpeg({ args: ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-y', audioFile] })
  await runFfmpeg({ args: ['-f', 'lavfi', '-i', 'testsrc=size=320x320:duration=1', '-frames:v', '1', '-y', imageFile] })
  await makeClip({ width: 1080, height: 1920, seconds: 5 }, portraitVideoFile)
  return { dir, videoFile, portraitVideoFile, audioFile, imageFile, remove: () => rm(dir, { recursive: true, force: true }) }
}

/** A real H.264 MP4 of this size and length (one frame a second keeps large sizes cheap to encode). */
export async function makeClip(shape: { width: number; height: number; seconds: number }, file: string): Promise<string> {
  const source = `color=c=0x336699:size=${shape.width}x${shape.height}:rate=1:duration=${shape.seconds}`
  await runFfmpeg({ args: ['-f', 'lavfi', '-i', source, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', file] })
  return file
}

/** A copy in a fresh temp folder (the media store moves what it saves). */
export async function copyToTemp(file: string): Promise<string> {
  const target = path.join(await mkdtemp(path.join(os.tmpdir(), 'actorly-copy-')), path.basename(file))
  await copyFile(file, target)
  return target
}
