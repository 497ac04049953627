import { describe, expect, it } from 'vitest'
import { cachedSampler, SampleUnavailableError, type VoiceSample, type VoiceSampler } from './voice-sampler.ts'

// Each voice's sample is made once per instance; on fal every attempt is a
// paid call from a public route, so a failed one waits before it is tried again.

const SAMPLE: VoiceSample = { bytes: Buffer.from('RIFF'), contentType: 'audio/wav' }

/** A sampler that fails its first `failures` calls, counting them all. */
function flaky(failures: number): VoiceSampler & { calls: number } {
  const counted = {
    calls: 0,
    async sample() {
      counted.calls += 1
      if (counted.calls <= failures) throw new Error('the model failed')
      return SAMPLE
    },
  }
  return counted
}

const signal = new AbortController().signal

describe('cachedSampler', () => {
  it('makes a sample once and answers it again', async () => {
    const source = flaky(0)
    const samples = cachedSampler(source)
    expect(await samples.sample('en-ava', signal)).toBe(SAMPLE)
    expect(await Promise.all([samples.sample('en-ava', signal), samples.sample('en-ava', signal)])).toEqual([SAMPLE, SAMPLE])
    expect(source.calls).toBe(1)
  })

  it('does not ask again for a failed sample before its wait, which grows with each failure in a row', async () => {
    let clock = 0
    const source = flaky(2)
    const samples = cachedSampler(source, { backoffMs: [1_000, 5_000], now: () => clock })
    await expect(samples.sample('de-max', signal)).rejects.toThrow('the model failed')
    await expect(samples.sample('de-max', signal)).rejects.toEqual(new SampleUnavailableError(1))
    clock = 999
    await expect(samples.sample('de-max', signal)).rejects.toBeInstanceOf(SampleUnavailableError)
    expect(source.calls).toBe(1)

    clock = 1_000
    await expect(samples.sample('de-max', signal)).rejects.toThrow('the model failed')
    clock = 5_999
    await expect(samples.sample('de-max', signal)).rejects.toMatchObject({ retryAfterSeconds: 1 })
    expect(source.calls).toBe(2)

    clock = 6_000
    expect(await samples.sample('de-max', signal)).toBe(SAMPLE)
    expect(await samples.sample('de-max', signal)).toBe(SAMPLE)
    expect(source.calls).toBe(3)
  })

  it('waits per voice: another voice is still asked for', async () => {
    const source = flaky(1)
    const samples = cachedSampler(source, { now: () => 0 })
    await expect(samples.sample('en-ava', signal)).rejects.toThrow('the model failed')
    expect(await samples.sample('en-leo', signal)).toBe(SAMPLE)
    expect(source.calls).toBe(2)
  })
})
