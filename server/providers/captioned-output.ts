import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { burnCaptions } from '../render/captions/burn-captions.ts'
import { normaliseCues } from '../render/captions/corrected-cues.ts'
import { toSubRip, toWebVtt } from '../render/captions/subtitle-files.ts'
import type { ProgressListener } from '../render/run-ffmpeg.ts'
import { makeWorkDir } from '../render/work-dirs.ts'
import type { CaptionsInput, OutputStore, ProviderStatus } from './provider.ts'

// A finished lip-sync video into the store, captioned when the user asked
// for captions (docs/decisions/0234): the captions burnt into the picture by
// ffmpeg, and the same captions as .vtt and .srt kept beside the video. Both
// providers end a lip-sync job here; the captioned MP4 is the job's result.

/** The captions could not be burnt in (not an abort): the job ends failed and refunded, never tried again (docs/decisions/0234). */
export class CaptionBurnError extends Error {
  override name = 'CaptionBurnError'
}

export interface CaptionPass {
  signal?: AbortSignal
  timeoutMs?: number
  onProgress?: ProgressListener
}

export async function saveLipSyncResult(
  videoFile: string,
  captions: CaptionsInput | undefined,
  store: OutputStore,
  job: { jobId: string },
  pass: CaptionPass = {},
): Promise<Pick<ProviderStatus, 'outputUrl' | 'captions'>> {
  if (captions === undefined) return { outputUrl: await store.saveVideo(videoFile, job) }
  const workDir = await makeWorkDir('render')
  try {
    const cues = normaliseCues(captions.cues)
    const captioned = path.join(workDir, 'captioned.mp4')
    try {
      await burnCaptions({ videoFile, outFile: captioned, workDir, cues, style: captions.style, ...pass })
    } catch (error) {
      // An abort is the worker's to judge (lease lost, shutdown); anything else will fail the same way again.
      if (pass.signal?.aborted === true) throw error
      throw new CaptionBurnError(`The captions could not be burnt into the video: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
    }
    const vtt = path.join(workDir, 'captions.vtt')
    const srt = path.join(workDir, 'captions.srt')
    await writeFile(vtt, toWebVtt(cues), 'utf8')
    await writeFile(srt, toSubRip(cues), 'utf8')
    const vttUrl = await store.saveCaptionFile(vtt, 'vtt', job)
    const srtUrl = await store.saveCaptionFile(srt, 'srt', job)
    return { outputUrl: await store.saveVideo(captioned, job), captions: { vttUrl, srtUrl } }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
