import { describe, expect, it } from 'vitest'
import { pollThreshold, progressEasing } from './job-config'
import type { JobParams } from './types'

// The numbers are written out from spec §4 on purpose: a wrong constant must fail here.

const ugc = (enhancedLipSync: boolean, enhanced = false): JobParams => ({ kind: 'ugc', prompt: 'p', seed: null, enhanced, enhancedLipSync })
const lipSync = (audioDurationSeconds: number, enhanced = false): JobParams => ({
  kind: 'lipsync',
  videoUrl: 'https://cdn.test/v.mp4',
  audioUrl: 'https://cdn.test/a.wav',
  audioDurationSeconds,
  enhanced,
})
const consistent: JobParams = { kind: 'consistent', prompt: 'p', imageUrl: 'https://cdn.test/face.png' }

describe('progressEasing (spec §4 display increment interval)', () => {
  it('UGC: 1 point per 2200 ms, 3500 ms with enhanced lip sync on (decision 0251)', () => {
    expect(progressEasing(ugc(false), false)).toEqual({ points: 1, intervalMs: 2200 })
    expect(progressEasing(ugc(true), false)).toEqual({ points: 1, intervalMs: 3500 })
  })

  it('UGC: the enhanced actor option does not slow the display; a row stored without the flag eases at 2200 ms', () => {
    expect(progressEasing(ugc(false, true), false)).toEqual({ points: 1, intervalMs: 2200 })
    expect(progressEasing({ kind: 'ugc', prompt: 'p', seed: null, enhanced: true }, false)).toEqual({ points: 1, intervalMs: 2200 })
    expect(progressEasing(ugc(true, true), false)).toEqual({ points: 1, intervalMs: 3500 })
  })

  it.each([
    [0.1, 1500],
    [7.99, 1500],
    [8, 2000],
    [15.99, 2000],
    [16, 2500],
    [39.99, 2500],
    [40, 6000],
    [600, 6000],
  ])('lip sync with %s s of audio: 1 point per %i ms', (seconds, intervalMs) => {
    expect(progressEasing(lipSync(seconds), false)).toEqual({ points: 1, intervalMs })
  })

  it('lip sync goes by the audio length only, not by the model', () => {
    expect(progressEasing(lipSync(10, true), false)).toEqual({ points: 1, intervalMs: 2000 })
  })

  it('consistent actor: 1 point per 2000 ms', () => {
    expect(progressEasing(consistent, false)).toEqual({ points: 1, intervalMs: 2000 })
  })

  it('the demo account: 10 points per 1000 ms, whatever the job', () => {
    for (const params of [ugc(false), ugc(true), lipSync(3), lipSync(45), consistent]) {
      expect(progressEasing(params, true)).toEqual({ points: 10, intervalMs: 1000 })
    }
  })
})

describe('pollThreshold (spec §4, §9)', () => {
  it('polls at 75 ticks, 10 for the demo account', () => {
    expect(pollThreshold(false)).toBe(75)
    expect(pollThreshold(true)).toBe(10)
  })
})
