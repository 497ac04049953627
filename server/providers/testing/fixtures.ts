import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { runFfmpeg } from '../../render/run-ffmpeg.ts'

// Small real media files for the generation tests, made by ffmpeg once per
// test file: a short clip, a tone and a face-sized image.

export interface MediaFixtures {
  dir: string
  videoFile: string
  audioFile: string
  imageFile: string
  remove(): Promise<void>
}

export async function createMediaFixtures(options: { audioSeconds?: number } = {}): Promise<MediaFixtures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'actorly-gen-fixtures-'))
  const videoFile = path.join(dir, 'input.mp4')
  const audioFile = path.join(dir, 'voice.wav')
  const imageFile = path.join(dir, 'face.png')
  await runFfmpeg({
    args: ['-f', 'lavfi', '-i', 'testsrc=size=160x284:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', videoFile],
  })
  const seconds = String(options.audioSeconds ?? 1.5)
  await runFfmpeg({ args: ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-y', audioFile] })
  await runFfmpeg({ args: ['-f', 'lavfi', '-i', 'testsrc=size=320x320:duration=1', '-frames:v', '1', '-y', imageFile] })
  return { dir, videoFile, audioFile, imageFile, remove: () => rm(dir, { recursive: true, force: true }) }
}

/** A copy in a fresh temp folder (the media store moves what it saves). */
export async function copyToTemp(file: string): Promise<string> {
  const target = path.join(await mkdtemp(path.join(os.tmpdir(), 'actorly-copy-')), path.basename(file))
  await copyFile(file, target)
  return target
}
