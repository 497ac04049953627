import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as renderer from '../../render/local-renderer.ts'
import { RenderAbortedError } from '../../render/local-renderer.ts'
import type { GenerationInput, OutputStore, ProviderStatus, WorkContext } from '../provider.ts'
import { createLocalProvider, localRequestId } from './local-provider.ts'

// The local provider in a worker: it renders with the real ffmpeg and reports
// ffmpeg's own progress (-progress: milliseconds encoded of the clip's), so
// the embedded default shows a real bar; an abort (lease lost, deadline,
// shutdown) stops ffmpeg and leaves no temp folder.

let outDir: string
const saved: string[] = []
const store: OutputStore = {
  async saveVideo(file) {
    const target = path.join(outDir, `${saved.length}.mp4`)
    await copyFile(file, target)
    saved.push(target)
    return `/media/${saved.length}.mp4`
  },
  saveVoice: async () => Promise.reject(new Error('no voices here')),
  saveCaptionFile: async () => Promise.reject(new Error('no captions here')),
  localFileFor: async () => null,
  fetchableUrl: (url) => url,
  get tempDir() {
    return outDir
  },
}
const provider = createLocalProvider({ store, fetchRemote: async () => Promise.reject(new Error('no outside URLs')) })

function contextFor(signal: AbortSignal, reports: ProviderStatus[]): WorkContext {
  return {
    signal,
    report: (status) => reports.push(status),
    pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    deliveredResultUrl: async () => null,
  }
}

/** This process's render and job folders still on disk. */
async function ownWorkDirs(): Promise<string[]> {
  return (await readdir(os.tmpdir())).filter((name) => new RegExp(`^actorly-(render|job)-${process.pid}-`).test(name))
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'actorly-local-out-'))
})
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true })
})

describe('local provider work', () => {
  it('reports ffmpeg’s real progress while rendering, then the stored video', async () => {
    const input: GenerationInput = { kind: 'ugc', prompt: 'A potter shapes a bowl', seed: 3, durationSeconds: 4, enhanced: false }
    const reports: ProviderStatus[] = []
    const end = await provider.work(
      { jobId: 'job-progress', requestId: localRequestId('job-progress'), input },
      contextFor(new AbortController().signal, reports),
    )
    expect(end).toMatchObject({ state: 'completed', progress: { current: 4000, total: 4000 }, outputUrl: '/media/1.mp4' })
    const rendering = reports.filter((report) => report.progress.total > 0)
    expect(rendering.every((report) => report.progress.total === 4000 && report.state === 'running')).toBe(true)
    // Some answers between the first and the last frame: a real bar, not 0 then done.
    expect(rendering.some((report) => report.progress.current > 0 && report.progress.current < 3999)).toBe(true)
    const currents = rendering.map((report) => report.progress.current)
    expect(currents).toEqual([...currents].sort((a, b) => a - b))
    expect(Math.max(...currents)).toBeLessThan(4000)
    expect(await ownWorkDirs()).toEqual([])
  })

  it('stops ffmpeg when its work is aborted and leaves no temp folder', async () => {
    const input: GenerationInput = { kind: 'ugc', prompt: 'A long walk', seed: 4, durationSeconds: 30, enhanced: false }
    const controller = new AbortController()
    const reports: ProviderStatus[] = []
    const work = provider.work({ jobId: 'job-abort', requestId: localRequestId('job-abort'), input }, contextFor(controller.signal, reports))
    for (let i = 0; i < 200 && !reports.some((report) => report.progress.current > 0); i += 1) await new Promise((resolve) => setTimeout(resolve, 50))
    const started = Date.now()
    controller.abort()
    await expect(work).rejects.toBeInstanceOf(RenderAbortedError)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(await ownWorkDirs()).toEqual([])
  })
})

describe('the language of a local preview', () => {
  it('hands the job’s language to the renderer, which burns its label in it (docs/decisions/0147)', async () => {
    const asked: (string | undefined)[] = []
    const spying = createLocalProvider({
      store,
      fetchRemote: async () => Promise.reject(new Error('no outside URLs')),
      renderer: {
        ...renderer,
        renderUgc: async (job) => {
          asked.push(job.locale)
          return renderer.renderUgc(job)
        },
      },
    })
    for (const [jobId, locale] of [
      ['job-de', 'de'],
      ['job-en', 'en'],
    ] as const) {
      const input: GenerationInput = { kind: 'ugc', prompt: 'Ein Töpfer formt eine Schale', seed: 3, durationSeconds: 0.4, enhanced: false, locale }
      const end = await spying.work({ jobId, requestId: localRequestId(jobId), input }, contextFor(new AbortController().signal, []))
      expect(end.state).toBe('completed')
    }
    expect(asked).toEqual(['de', 'en'])
  })
})
