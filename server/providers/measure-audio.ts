import { FfmpegError } from '../render/run-ffmpeg.ts'
import { probeDurationSeconds } from '../render/probe.ts'
import { inputFileFor } from './local/input-files.ts'
import type { OutputStore, RemoteFetcher } from './provider.ts'

// The real length of a lip-sync audio URL, measured before the start charges
// for it (decision 0076): our own media URLs are read from the store's disk,
// any other URL is downloaded through the SSRF-safe fetcher, then probed.

/** The audio could not be downloaded or has no playable duration. */
export class AudioMeasureError extends Error {
  override name = 'AudioMeasureError'
}

/** Downloads of user URLs end within this; the start call waits for it. */
const MEASURE_TIMEOUT_MS = 60_000

export function createAudioMeter(deps: { store: OutputStore; fetchRemote: RemoteFetcher }): (url: string) => Promise<number> {
  return async (url) => {
    let input: Awaited<ReturnType<typeof inputFileFor>>
    try {
      input = await inputFileFor(url, 'audio', deps, AbortSignal.timeout(MEASURE_TIMEOUT_MS))
    } catch (error) {
      throw new AudioMeasureError(`The audio at audio_url could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
    }
    try {
      return await probeDurationSeconds(input.file)
    } catch (error) {
      if (error instanceof FfmpegError) throw new AudioMeasureError('The file at audio_url is not playable audio', { cause: error })
      throw error
    } finally {
      await input.release()
    }
  }
}
