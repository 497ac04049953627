import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as renderer from '../../render/local-renderer.ts'
import { RenderAbortedError } from '../../render/local-renderer.ts'
import { ASPECT_RATIOS, RESOLUTIONS } from '../../../contract/constants.ts'
import { exceedsPaidAudio } from '../audio-length.ts'
import { JOB_LIMITS, localRenderTimeoutMs, type JobLimits } from '../job-limits.ts'
import type { GenerationInput, GenerationProvider, OutputStore, ProviderJob, ProviderJobRef, ProviderStatus, RemoteFetcher } from '../provider.ts'
import { createLimiter } from './concurrency.ts'
import { withInputFiles } from './input-files.ts'

// The embedded default provider: S3's ffmpeg renderer run in this process
// (architecture: embedded defaults). It is a local stand-in, not AI: the
// renderer burns that into every frame and the file's metadata. Its state
// lives in memory; after a restart the job domain calls resume(), which
// renders the job again from its stored input (the half-written file of the
// killed process is thrown away with its temp folder). status() never
// renders: a job this process does not know answers `failed` (provider.ts).

export type LocalRenderer = Pick<typeof renderer, 'renderUgc' | 'renderLipSync' | 'renderConsistentActor' | 'probeDurationSeconds'>

export interface LocalProviderOptions {
  store: OutputStore
  fetchRemote: RemoteFetcher
  /** ffmpeg processes at once (1–2 on a 2-core machine). */
  concurrency: number
  renderer?: LocalRenderer
  /** ffmpeg's kill timer per render (default JOB_LIMITS). */
  limits?: JobLimits
}

export const localRequestId = (jobId: string): string => `local-${jobId}`

export class AudioLongerThanPaidError extends Error {
  override name = 'AudioLongerThanPaidError'
}

/**
 * The start measured the audio before charging (decision 0075); a URL's file
 * may have changed since, so the render checks again before it uses it.
 */
function assertPaidAudioLength(actualSeconds: number, paidSeconds: number): void {
  if (exceedsPaidAudio(actualSeconds, paidSeconds)) {
    throw new AudioLongerThanPaidError(`The audio lasts ${actualSeconds.toFixed(1)} s, longer than the ${paidSeconds} s it was priced for`)
  }
}

/** What the renderer really makes: a 1080x1920 portrait clip for every kind (server/render/local-renderer.ts). */
const LOCAL_FORMAT = { aspect_ratio: ASPECT_RATIOS[0], resolution: RESOLUTIONS[0] }

export function createLocalProvider(options: LocalProviderOptions): GenerationProvider {
  const render = options.renderer ?? renderer
  const limiter = createLimiter(options.concurrency)
  const limits = options.limits ?? JOB_LIMITS
  const jobs = new Map<string, ProviderStatus>()
  /** One controller per job still queued or rendering: shutdown or forget() stops it. */
  const running = new Map<string, AbortController>()
  const abort = new AbortController()

  const update = (requestId: string, status: ProviderStatus): void => {
    jobs.set(requestId, status)
  }

  async function renderInto(input: GenerationInput, outFile: string, onProgress: renderer.ProgressListener, signal: AbortSignal): Promise<void> {
    const deps = { store: options.store, fetchRemote: options.fetchRemote }
    const timeoutMs = localRenderTimeoutMs(limits, input)
    if (input.kind === 'ugc') {
      await render.renderUgc({ prompt: input.prompt, seed: input.seed, durationSeconds: input.durationSeconds, outFile, onProgress, signal, timeoutMs })
      return
    }
    if (input.kind === 'consistent') {
      const sources = [{ url: input.imageUrl, kind: 'image' as const }]
      await withInputFiles(sources, deps, signal, async ([imageFile = '']) => {
        await render.renderConsistentActor({ imageFile, prompt: input.prompt, durationSeconds: input.durationSeconds, outFile, onProgress, signal, timeoutMs })
      })
      return
    }
    const sources = [
      { url: input.videoUrl, kind: 'video' as const },
      { url: input.audioUrl, kind: 'audio' as const },
    ]
    await withInputFiles(sources, deps, signal, async ([videoFile = '', audioFile = '']) => {
      assertPaidAudioLength(await render.probeDurationSeconds(audioFile), input.audioSeconds)
      await render.renderLipSync({ videoFile, audioFile, outFile, onProgress, signal, timeoutMs })
    })
  }

  async function run(job: ProviderJobRef, signal: AbortSignal): Promise<void> {
    const { requestId } = job
    await limiter.run(async () => {
      if (signal.aborted) return
      update(requestId, { state: 'running', progress: { current: 0, total: 0 } })
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'actorly-job-'))
      try {
        const outFile = path.join(workDir, `${job.jobId}.mp4`)
        await renderInto(
          job.input,
          outFile,
          (progress) => {
            // Keep one step short of done until the file is in the store.
            update(requestId, { state: 'running', progress: { current: Math.min(progress.current, progress.total - 1), total: progress.total } })
          },
          signal,
        )
        const outputUrl = await options.store.saveVideo(outFile, { jobId: job.jobId })
        const total = jobs.get(requestId)?.progress.total || 1
        update(requestId, { state: 'completed', progress: { current: total, total }, outputUrl })
      } catch (error) {
        // A shutdown leaves the job unfinished (the next boot resumes it); forget() ended it already.
        if (error instanceof RenderAbortedError || signal.aborted) {
          jobs.delete(requestId)
          return
        }
        const current = jobs.get(requestId)?.progress ?? { current: 0, total: 0 }
        update(requestId, { state: 'failed', progress: current, error: error instanceof Error ? error.message : String(error) })
      } finally {
        await rm(workDir, { recursive: true, force: true })
      }
    })
  }

  function enqueue(job: ProviderJobRef): void {
    if (jobs.has(job.requestId)) return
    jobs.set(job.requestId, { state: 'queued', progress: { current: 0, total: 0 } })
    const controller = new AbortController()
    running.set(job.requestId, controller)
    void run(job, AbortSignal.any([abort.signal, controller.signal])).finally(() => running.delete(job.requestId))
  }

  return {
    name: 'local',
    async start(job: ProviderJob) {
      if (abort.signal.aborted) throw new Error('The local renderer is shutting down')
      const requestId = localRequestId(job.jobId)
      enqueue({ ...job, requestId })
      return requestId
    },
    outputFormat: () => LOCAL_FORMAT,
    // ffmpeg renders any length the contract accepts.
    refusal: () => null,
    async status(job) {
      // Unknown here: another process renders it, or it was never resumed. Re-rendering is resume()'s call.
      return jobs.get(job.requestId) ?? { state: 'failed', progress: { current: 0, total: 0 }, error: 'This process is not rendering the job' }
    },
    async resume(job) {
      enqueue(job)
    },
    forget(requestId) {
      running.get(requestId)?.abort()
      jobs.delete(requestId)
    },
    async close() {
      abort.abort()
    },
  }
}
