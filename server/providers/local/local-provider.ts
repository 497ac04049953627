import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as renderer from '../../render/local-renderer.ts'
import { RenderAbortedError } from '../../render/local-renderer.ts'
import type { GenerationInput, GenerationProvider, OutputStore, ProviderJob, ProviderJobRef, ProviderStatus, RemoteFetcher } from '../provider.ts'
import { createLimiter } from './concurrency.ts'
import { withInputFiles } from './input-files.ts'

// The embedded default provider: S3's ffmpeg renderer run in this process
// (architecture: embedded defaults). It is a local stand-in, not AI: the
// renderer burns that into every frame and the file's metadata. Its state
// lives in memory; after a restart the job domain calls resume(), which
// renders the job again from its stored input (the half-written file of the
// killed process is thrown away with its temp folder).

export type LocalRenderer = Pick<typeof renderer, 'renderUgc' | 'renderLipSync' | 'renderConsistentActor' | 'probeDurationSeconds'>

export interface LocalProviderOptions {
  store: OutputStore
  fetchRemote: RemoteFetcher
  /** ffmpeg processes at once (1–2 on a 2-core machine). */
  concurrency: number
  renderer?: LocalRenderer
}

export const localRequestId = (jobId: string): string => `local-${jobId}`

export class AudioLongerThanPaidError extends Error {
  override name = 'AudioLongerThanPaidError'
}

/** spec §9 prices lip sync by started minutes; the file may not be longer than the minutes paid for. */
function assertPaidAudioLength(actualSeconds: number, paidSeconds: number): void {
  if (Math.ceil(actualSeconds / 60) > Math.max(1, Math.ceil(paidSeconds / 60))) {
    throw new AudioLongerThanPaidError(`The audio lasts ${actualSeconds.toFixed(1)} s, longer than the ${paidSeconds} s it was priced for`)
  }
}

export function createLocalProvider(options: LocalProviderOptions): GenerationProvider {
  const render = options.renderer ?? renderer
  const limiter = createLimiter(options.concurrency)
  const jobs = new Map<string, ProviderStatus>()
  const abort = new AbortController()

  const update = (requestId: string, status: ProviderStatus): void => {
    jobs.set(requestId, status)
  }

  async function renderInto(input: GenerationInput, outFile: string, onProgress: renderer.ProgressListener): Promise<void> {
    const signal = abort.signal
    const deps = { store: options.store, fetchRemote: options.fetchRemote }
    if (input.kind === 'ugc') {
      await render.renderUgc({ prompt: input.prompt, seed: input.seed, durationSeconds: input.durationSeconds, outFile, onProgress, signal })
      return
    }
    if (input.kind === 'consistent') {
      const sources = [{ url: input.imageUrl, kind: 'image' as const }]
      await withInputFiles(sources, deps, signal, async ([imageFile = '']) => {
        await render.renderConsistentActor({ imageFile, prompt: input.prompt, durationSeconds: input.durationSeconds, outFile, onProgress, signal })
      })
      return
    }
    const sources = [
      { url: input.videoUrl, kind: 'video' as const },
      { url: input.audioUrl, kind: 'audio' as const },
    ]
    await withInputFiles(sources, deps, signal, async ([videoFile = '', audioFile = '']) => {
      assertPaidAudioLength(await render.probeDurationSeconds(audioFile), input.audioSeconds)
      await render.renderLipSync({ videoFile, audioFile, outFile, onProgress, signal })
    })
  }

  async function run(job: ProviderJobRef): Promise<void> {
    const { requestId } = job
    await limiter.run(async () => {
      if (abort.signal.aborted) return
      update(requestId, { state: 'running', progress: { current: 0, total: 0 } })
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'actorly-job-'))
      try {
        const outFile = path.join(workDir, `${job.jobId}.mp4`)
        await renderInto(job.input, outFile, (progress) => {
          // Keep one step short of done until the file is in the store.
          update(requestId, { state: 'running', progress: { current: Math.min(progress.current, progress.total - 1), total: progress.total } })
        })
        const outputUrl = await options.store.saveVideo(outFile)
        const total = jobs.get(requestId)?.progress.total || 1
        update(requestId, { state: 'completed', progress: { current: total, total }, outputUrl })
      } catch (error) {
        // A shutdown leaves the job unfinished: the next boot resumes it.
        if (error instanceof RenderAbortedError || abort.signal.aborted) {
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
    void run(job)
  }

  return {
    name: 'local',
    async start(job: ProviderJob) {
      if (abort.signal.aborted) throw new Error('The local renderer is shutting down')
      const requestId = localRequestId(job.jobId)
      enqueue({ ...job, requestId })
      return requestId
    },
    async status(job) {
      const known = jobs.get(job.requestId)
      if (known !== undefined) return known
      // Not rendered by this process (it restarted): render it again.
      enqueue(job)
      return jobs.get(job.requestId) ?? { state: 'queued', progress: { current: 0, total: 0 } }
    },
    async resume(job) {
      enqueue(job)
    },
    forget(requestId) {
      const known = jobs.get(requestId)
      if (known?.state === 'completed' || known?.state === 'failed') jobs.delete(requestId)
    },
    async close() {
      abort.abort()
    },
  }
}
