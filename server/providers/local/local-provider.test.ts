import { describe, expect, it } from 'vitest'
import type { GenerationInput, OutputStore } from '../provider.ts'
import { createLocalProvider, localRequestId, type LocalRenderer } from './local-provider.ts'

// provider.ts's contract: status() of a request id the provider does not know
// answers `failed` and starts no work; only start() and resume() render.

const UGC: GenerationInput = { kind: 'ugc', prompt: 'p', seed: 1, durationSeconds: 1, enhanced: false }
const store: OutputStore = {
  saveVideo: async () => '/media/0b8f6e1c-2f0a-4c8e-9a51-3d2b7c1e9f00.mp4',
  localFileFor: async () => null,
  fetchableUrl: (url) => url,
  tempDir: '/tmp',
}

function countingRenderer(): { renderer: LocalRenderer; renders: () => number } {
  let renders = 0
  const renderer: LocalRenderer = {
    renderUgc: async () => {
      renders += 1
      return { durationSeconds: 1 }
    },
    renderLipSync: async () => ({ durationSeconds: 1 }),
    renderConsistentActor: async () => ({ durationSeconds: 1 }),
    probeDurationSeconds: async () => 1,
  }
  return { renderer, renders: () => renders }
}

describe('local provider status of an unknown job', () => {
  it('answers failed and renders nothing', async () => {
    const { renderer, renders } = countingRenderer()
    const provider = createLocalProvider({ store, fetchRemote: async () => Promise.reject(new Error('no')), concurrency: 1, renderer })
    const ref = { jobId: 'j-1', requestId: localRequestId('j-1'), input: UGC }
    expect((await provider.status(ref)).state).toBe('failed')
    expect((await provider.status(ref)).state).toBe('failed')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(renders()).toBe(0)

    await provider.resume(ref)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(renders()).toBe(1)
    expect((await provider.status(ref)).state).toBe('completed')
    await provider.close()
  })
})
