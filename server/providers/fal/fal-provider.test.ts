import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyOfRef } from '../../media/keys.ts'
import { createMediaLinks } from '../../media/links.ts'
import { createDiskMediaStore, type MediaStore } from '../../media/store.ts'
import { outputStoreFrom } from '../media-output.ts'
import { ProviderRejectedError, type GenerationInput, type ProviderStatus } from '../provider.ts'
import { JOB_LIMITS } from '../job-limits.ts'
import { createMediaFixtures, type MediaFixtures } from '../testing/fixtures.ts'
import { FAKE_FAL_POLICY } from './testing/fake-fal-server.ts'
import { createFalProvider, type FalProvider } from './fal-provider.ts'
import { startFakeFalServer, type FakeFalServer } from './testing/fake-fal-server.ts'
import { DEFAULT_FAL_MODELS } from './model-families.ts'

// Contract tests: the fal provider through the real @fal-ai/client against a
// local fake of fal's queue REST API (which checks each input against the
// model's published schema; fal-contract.test.ts covers the shapes).

const KEY = 'test-key:secret'
const MODELS = DEFAULT_FAL_MODELS
const UGC: GenerationInput = { kind: 'ugc', prompt: 'A barista smiles', seed: 42, durationSeconds: 5, enhanced: false }
const CAPTIONED: GenerationInput = {
  kind: 'lipsync',
  videoUrl: 'https://cdn.example/v.mp4',
  audioUrl: 'https://cdn.example/a.mp3',
  audioSeconds: 3,
  model: 'lipsync-1.8.0',
  captions: { style: 'clean', timing: 'approximate', cues: [{ start: 0, end: 2, text: 'Hello there', words: [] }] },
}

let fixtures: MediaFixtures
let fake: FakeFalServer
let mediaDir: string
let store: MediaStore
let provider: FalProvider

async function pollUntilDone(jobId: string, requestId: string, input: GenerationInput): Promise<ProviderStatus[]> {
  const seen: ProviderStatus[] = []
  for (let i = 0; i < 50; i += 1) {
    const status = await provider.status({ jobId, requestId, input })
    seen.push(status)
    if (status.state === 'completed' || status.state === 'failed') return seen
  }
  throw new Error('the job never finished')
}

beforeAll(async () => {
  fixtures = await createMediaFixtures()
  fake = await startFakeFalServer({ credentials: KEY, videoFile: fixtures.portraitVideoFile })
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'actorly-fal-media-'))
  store = await createDiskMediaStore({ dir: mediaDir })
  provider = falProvider()
})

const links = createMediaLinks({ secret: 'fal-provider-test-signing-secret-0123456789', publicOrigin: 'https://app.example', ttlSeconds: 3600 })
const owners = new Map<string, string>()
const outputStore = () =>
  outputStoreFrom(store, {
    links,
    recordSpeech: async () => {},
    recordOutput: async (stored, jobId) => {
      owners.set(stored.key, jobId)
    },
  })
/** The stored file behind a job's output reference (null when there is none). */
async function storedOutput(ref: string | undefined): Promise<string | null> {
  const key = keyOfRef(ref ?? '')
  return key === null || (await store.stat(key)) === null ? null : path.join(mediaDir, key)
}

function falProvider(limits: Partial<typeof JOB_LIMITS> = {}): FalProvider {
  return createFalProvider({
    credentials: KEY,
    models: MODELS,
    store: outputStore(),
    queueUrl: fake.url,
    limits: { ...JOB_LIMITS, ...limits },
    resultFetchPolicy: FAKE_FAL_POLICY,
  })
}

afterAll(async () => {
  await fake.close()
  await fixtures.remove()
  await rm(mediaDir, { recursive: true, force: true })
})

describe('fal provider against the fake queue', () => {
  it('submits, polls and copies the finished video into our media store', async () => {
    const requestId = await provider.start({ jobId: 'job-1', input: UGC })
    const submitted = fake.requests.at(-1)
    expect(submitted?.id).toBe(requestId)
    expect(submitted?.app).toBe('fal-ai/bytedance')
    expect(submitted?.path).toBe('seedance/v1/pro/fast/text-to-video')

    const seen = await pollUntilDone('job-1', requestId, UGC)
    expect(seen.map((s) => s.state)).toEqual(['running', 'completed'])
    const done = seen.at(-1)
    // A reference to our own store, owned by the job's user; links are minted per answer.
    expect(done?.outputUrl).toMatch(/^\/media\/[0-9a-f-]+\.mp4$/)
    const file = await storedOutput(done?.outputUrl)
    expect(file).not.toBeNull()
    expect(readFileSync(file ?? '')).toEqual(readFileSync(fixtures.portraitVideoFile))
    expect(owners.get(keyOfRef(done?.outputUrl ?? '') ?? '')).toBe('job-1')
    // Downloaded next to the store (a rename into it) and nothing left behind.
    expect(readdirSync(path.join(mediaDir, '.incoming'))).toEqual([])
  })

  it('hands fal signed links to our own media that outlive the job, and outside URLs unchanged', async () => {
    const lipsync: GenerationInput = {
      kind: 'lipsync',
      videoUrl: '/media/0b8f6e1c-2f0a-4c8e-9a51-3d2b7c1e9f00.mp4',
      audioUrl: 'https://cdn.example/a.mp3',
      audioSeconds: 3,
      model: 'lipsync-1.8.0',
    }
    const before = Date.now()
    await provider.start({ jobId: 'job-2b', input: lipsync })
    expect(fake.requests.at(-1)?.input).toMatchObject({ video_url: expect.any(String), audio_url: 'https://cdn.example/a.mp3' })
    const videoUrl = new URL(String(Reflect.get(fake.requests.at(-1)?.input ?? {}, 'video_url')))
    expect(videoUrl.origin).toBe('https://app.example')
    expect(videoUrl.pathname).toBe('/media/0b8f6e1c-2f0a-4c8e-9a51-3d2b7c1e9f00.mp4')
    const exp = videoUrl.searchParams.get('exp') ?? ''
    expect(links.check('0b8f6e1c-2f0a-4c8e-9a51-3d2b7c1e9f00.mp4', exp, videoUrl.searchParams.get('sig') ?? '')).toBe('valid')
    expect(Number(exp) * 1000 - before).toBeGreaterThanOrEqual(JOB_LIMITS.falMaxAgeMs)
  })

  it('throws when fal refuses the submission', async () => {
    fake.nextScript({ rejectSubmitWith: 422 })
    await expect(provider.start({ jobId: 'job-4', input: UGC })).rejects.toBeInstanceOf(ProviderRejectedError)
  })

  it('throws when the key is wrong', async () => {
    const stranger = createFalProvider({ credentials: 'wrong', models: MODELS, store: outputStore(), queueUrl: fake.url })
    await expect(stranger.start({ jobId: 'job-5', input: UGC })).rejects.toBeInstanceOf(ProviderRejectedError)
  })

  it.each([
    ['an error on the completed status', { via: 'status-error' } as const],
    ['a 422 from the result', { via: 'result-error', httpStatus: 422 } as const],
    ['a 500 from the result', { via: 'result-error', httpStatus: 500 } as const],
  ])('reports a failed run: %s', async (_name, failure) => {
    fake.nextScript({ failure })
    const requestId = await provider.start({ jobId: 'job-6', input: UGC })
    const seen = await pollUntilDone('job-6', requestId, UGC)
    expect(seen.at(-1)?.state).toBe('failed')
    expect(seen.at(-1)?.error).toBeTruthy()
    expect(seen.at(-1)?.outputUrl).toBeUndefined()
  })

  it('reports a request id fal does not know as failed', async () => {
    const status = await provider.status({ jobId: 'job-7', requestId: 'no-such-request', input: UGC })
    expect(status.state).toBe('failed')
  })

  it('waits through slow answers and a long queue to a late success', async () => {
    fake.nextScript({ queuedPolls: 4, runningPolls: 2, delayMs: 150 })
    const requestId = await provider.start({ jobId: 'job-8', input: UGC })
    const seen = await pollUntilDone('job-8', requestId, UGC)
    expect(seen.map((s) => s.state)).toEqual(['queued', 'queued', 'queued', 'queued', 'running', 'running', 'completed'])
    expect(seen[0]?.progress).toEqual({ current: 0, total: 0 })
    expect(existsSync((await storedOutput(seen.at(-1)?.outputUrl)) ?? '')).toBe(true)
  })

  it('rides out a transient 503 on the status call', async () => {
    fake.nextScript({ transientStatusErrors: 1 })
    const requestId = await provider.start({ jobId: 'job-9', input: UGC })
    const seen = await pollUntilDone('job-9', requestId, UGC)
    expect(seen.at(-1)?.state).toBe('completed')
  })

  it.each([
    ['a private address', { resultUrl: 'https://127.0.0.2:9/video.mp4' }],
    ['a plain-http origin other than the queue', { resultUrl: 'http://cdn.example/video.mp4' }],
    ['a file that is gone (404)', { resultFileStatus: 404 }],
  ])('fails the run, without asking again, when the result download cannot succeed: %s', async (_name, script) => {
    fake.nextScript(script)
    const requestId = await provider.start({ jobId: 'job-10', input: UGC })
    const seen = await pollUntilDone('job-10', requestId, UGC)
    expect(seen.at(-1)?.state).toBe('failed')
    expect(seen.at(-1)?.error).toMatch(/download|Refusing/)
  })

  it('fails the run when the result is larger than the cap', async () => {
    const capped = falProvider({ falResultMaxBytes: 1000 })
    const requestId = await capped.start({ jobId: 'job-11', input: UGC })
    let last: ProviderStatus | undefined
    for (let i = 0; i < 5 && last?.state !== 'failed' && last?.state !== 'completed'; i += 1) {
      last = await capped.status({ jobId: 'job-11', requestId, input: UGC })
    }
    expect(last?.state).toBe('failed')
    expect(last?.error).toMatch(/too large/)
  })

  it('treats a failing file server (503) as passing: status throws and the job may be asked again', async () => {
    fake.nextScript({ resultFileStatus: 503, runningPolls: 0 })
    const requestId = await provider.start({ jobId: 'job-12', input: UGC })
    await expect(provider.status({ jobId: 'job-12', requestId, input: UGC })).rejects.toThrow(/503/)
  })

  it('fails a captioned lip sync whose caption pass fails, at once and for good (refunded, never copied again)', async () => {
    // A pass that times out (here at once) would time out again on the same video.
    const hurried = falProvider({ falCaptionPassTimeoutMs: 1 })
    const requestId = await hurried.start({ jobId: 'job-14', input: CAPTIONED })
    let last: ProviderStatus | undefined
    for (let i = 0; i < 5 && last?.state !== 'failed' && last?.state !== 'completed'; i += 1) {
      last = await hurried.status({ jobId: 'job-14', requestId, input: CAPTIONED })
    }
    expect(last).toMatchObject({ state: 'failed', error: expect.stringMatching(/captions could not be burnt/) })
    expect([...owners.values()]).not.toContain('job-14')
  })

  it('stops copying a result home when the worker’s signal ends, and stores nothing', async () => {
    fake.nextScript({ runningPolls: 0 })
    const requestId = await provider.start({ jobId: 'job-15', input: CAPTIONED })
    const lost = new AbortController()
    lost.abort(new Error('lease lost'))
    await expect(provider.status({ jobId: 'job-15', requestId, input: CAPTIONED }, lost.signal)).rejects.toThrow(/lease lost/)
    expect([...owners.values()]).not.toContain('job-15')
    // Another worker holding the job copies it with its own signal.
    const done = await provider.status({ jobId: 'job-15', requestId, input: CAPTIONED }, new AbortController().signal)
    expect(done).toMatchObject({ state: 'completed', captions: { vttUrl: expect.stringMatching(/\.vtt$/) } })
  })

  it('gives up on a hung status call after the call timeout', async () => {
    const impatient = falProvider({ falCallTimeoutMs: 300 })
    fake.nextScript({ statusDelayMs: 5_000 })
    const requestId = await impatient.start({ jobId: 'job-13', input: UGC })
    await expect(impatient.status({ jobId: 'job-13', requestId, input: UGC })).rejects.toThrow(/abort|timeout/i)
    expect(fake.pendingStatusCalls()).toBeGreaterThan(0)
  })
})
