import { rm } from 'node:fs/promises'
import path from 'node:path'
import * as renderer from '../../render/local-renderer.ts'
import { RenderAbortedError } from '../../render/local-renderer.ts'
import { makeWorkDir } from '../../render/work-dirs.ts'
import { ASPECT_RATIOS, RESOLUTIONS } from '../../../contract/constants.ts'
import { exceedsPaidAudio } from '../audio-length.ts'
import { JOB_LIMITS, localRenderTimeoutMs, type JobLimits } from '../job-limits.ts'
import type { GenerationInput, GenerationProvider, OutputStore, ProviderJobRef, ProviderStatus, RemoteFetcher, WorkContext } from '../provider.ts'
import { saveLipSyncResult } from '../captioned-output.ts'
import { withInputFiles } from './input-files.ts'
import { makeLocalVoice } from './local-voice.ts'

// The embedded default provider: the local ffmpeg renderer (docs/architecture.md,
// "Embedded defaults and production twins"). It is a local stand-in, not AI: the renderer burns that into
// every frame and the file's metadata. The API instance only names the job
// (`local-<job id>`); a worker renders it under the job's lease
// (docs/decisions/0210), reporting ffmpeg's own progress as it goes. A worker
// that takes over a dead worker's job renders it anew from its stored input.

export type LocalRenderer = Pick<typeof renderer, 'renderUgc' | 'renderLipSync' | 'renderConsistentActor' | 'probeDurationSeconds'>

export interface LocalProviderOptions {
  store: OutputStore
  fetchRemote: RemoteFetcher
  renderer?: LocalRenderer
  /** ffmpeg's kill timer per render (default JOB_LIMITS). */
  limits?: JobLimits
}

export const localRequestId = (jobId: string): string => `local-${jobId}`

export class AudioLongerThanPaidError extends Error {
  override name = 'AudioLongerThanPaidError'
}

/**
 * The start measured the audio before charging (decision 0076); a URL's file
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
  const limits = options.limits ?? JOB_LIMITS

  type VideoInput = Exclude<GenerationInput, { kind: 'voice' }>

  async function renderInto(input: VideoInput, outFile: string, onProgress: renderer.ProgressListener, signal: AbortSignal): Promise<void> {
    const deps = { store: options.store, fetchRemote: options.fetchRemote }
    const timeoutMs = localRenderTimeoutMs(limits, input)
    if (input.kind === 'ugc') {
      await render.renderUgc({
        prompt: input.prompt,
        seed: input.seed,
        durationSeconds: input.durationSeconds,
        outFile,
        onProgress,
        signal,
        timeoutMs,
        locale: input.locale,
      })
      return
    }
    if (input.kind === 'consistent') {
      const sources = [{ url: input.imageUrl, kind: 'image' as const }]
      await withInputFiles(sources, deps, signal, async ([imageFile = '']) => {
        await render.renderConsistentActor({
          imageFile,
          prompt: input.prompt,
          durationSeconds: input.durationSeconds,
          outFile,
          onProgress,
          signal,
          timeoutMs,
          locale: input.locale,
        })
      })
      return
    }
    const sources = [
      { url: input.videoUrl, kind: 'video' as const },
      { url: input.audioUrl, kind: 'audio' as const },
    ]
    await withInputFiles(sources, deps, signal, async ([videoFile = '', audioFile = '']) => {
      assertPaidAudioLength(await render.probeDurationSeconds(audioFile), input.audioSeconds)
      await render.renderLipSync({ videoFile, audioFile, outFile, onProgress, signal, timeoutMs, locale: input.locale })
    })
  }

  async function work(job: ProviderJobRef, context: WorkContext): Promise<ProviderStatus> {
    let progress = { current: 0, total: 0 }
    context.report({ state: 'running', progress })
    const workDir = await makeWorkDir('job')
    const { input } = job
    try {
      if (input.kind === 'voice') {
        const voice = await makeLocalVoice(input, workDir)
        const outputUrl = await options.store.saveVoice(voice.file, 'wav', { jobId: job.jobId }, voice.speech)
        return { state: 'completed', progress: { current: 1, total: 1 }, outputUrl }
      }
      const outFile = path.join(workDir, `${job.jobId}.mp4`)
      await renderInto(
        input,
        outFile,
        (rendered) => {
          // ffmpeg's -progress (ms encoded of the clip's ms), kept one step short of done until the file is in the store.
          progress = { current: Math.min(rendered.current, rendered.total - 1), total: rendered.total }
          context.report({ state: 'running', progress })
        },
        context.signal,
      )
      const captions = input.kind === 'lipsync' ? input.captions : undefined
      const saved = await saveLipSyncResult(
        outFile,
        captions,
        options.store,
        { jobId: job.jobId },
        { signal: context.signal, timeoutMs: localRenderTimeoutMs(limits, input) },
      )
      const total = progress.total || 1
      return { state: 'completed', progress: { current: total, total }, ...saved }
    } catch (error) {
      // The worker decides what an abort means (lease lost, deadline, shutdown).
      if (error instanceof RenderAbortedError || context.signal.aborted) throw error
      return { state: 'failed', progress, error: error instanceof Error ? error.message : String(error) }
    } finally {
      await rm(workDir, { recursive: true, force: true })
    }
  }

  return {
    name: 'local',
    async start(job) {
      return localRequestId(job.jobId)
    },
    outputFormat: () => LOCAL_FORMAT,
    // ffmpeg renders any length the contract accepts.
    refusal: () => null,
    work,
    async close() {},
  }
}
