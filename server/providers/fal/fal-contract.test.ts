import path from 'node:path'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMediaLinks } from '../../media/links.ts'
import { createDiskMediaStore } from '../../media/store.ts'
import { outputStoreFrom } from '../media-output.ts'
import { ProviderRejectedError, type GenerationInput, type ProviderStatus } from '../provider.ts'
import { createMediaFixtures, makeClip, type MediaFixtures } from '../testing/fixtures.ts'
import { FAKE_FAL_POLICY } from './testing/fake-fal-server.ts'
import type { FalModels } from './fal-inputs.ts'
import { createFalProvider, type FalProvider } from './fal-provider.ts'
import { startFakeFalServer, type FakeFalServer } from './testing/fake-fal-server.ts'
import { DEFAULT_FAL_MODELS } from './model-families.ts'

// Contract tests of the request shapes: the fal provider through the real
// @fal-ai/client against the fake queue, which holds every submission against
// the model's published input schema (model-families.ts) and refuses what fal
// refuses. So these fail as soon as a mapping drifts from a schema.

const KEY = 'contract-key:secret'
const UGC: GenerationInput = { kind: 'ugc', prompt: 'A barista smiles into the camera', seed: 123_456, durationSeconds: 5, enhanced: false }
const lipsyncInput: GenerationInput = {
  kind: 'lipsync',
  videoUrl: 'https://cdn.example/v.mp4',
  audioUrl: 'https://cdn.example/a.mp3',
  audioSeconds: 12,
  model: 'lipsync-1.9.0-beta',
}

let fixtures: MediaFixtures
let fake: FakeFalServer
let mediaDir: string
let providerWith: (models?: Partial<FalModels>) => FalProvider

beforeAll(async () => {
  fixtures = await createMediaFixtures()
  fake = await startFakeFalServer({ credentials: KEY, videoFile: fixtures.portraitVideoFile, audioFile: fixtures.audioFile })
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'actorly-fal-contract-'))
  const links = createMediaLinks({ secret: 'fal-contract-test-signing-secret-0123456789', publicOrigin: 'http://127.0.0.1:8712', ttlSeconds: 3600 })
  const store = outputStoreFrom(await createDiskMediaStore({ dir: mediaDir }), { links, recordOutput: async () => {}, recordSpeech: async () => {} })
  providerWith = (models = {}) =>
    createFalProvider({ credentials: KEY, models: { ...DEFAULT_FAL_MODELS, ...models }, store, queueUrl: fake.url, resultFetchPolicy: FAKE_FAL_POLICY })
})

afterAll(async () => {
  await fake.close()
  await fixtures.remove()
  await rm(mediaDir, { recursive: true, force: true })
})

async function submitted(input: GenerationInput, models?: Partial<FalModels>) {
  const requestId = await providerWith(models).start({ jobId: `job-${input.kind}`, input })
  const request = fake.requests.find((r) => r.id === requestId)
  expect(request).toBeDefined()
  // Nothing the server sends may be a field the model silently ignores (a seed to a model without one).
  expect(request?.ignoredFields).toEqual([])
  return { requestId, endpoint: request?.path ? `${request.app}/${request.path}` : request?.app, input: request?.input }
}

async function finish(provider: FalProvider, requestId: string, input: GenerationInput): Promise<ProviderStatus> {
  for (let i = 0; i < 20; i += 1) {
    const status = await provider.status({ jobId: 'job', requestId, input })
    if (status.state === 'completed' || status.state === 'failed') return status
  }
  throw new Error('the job never finished')
}

describe('what leaves the server for fal', () => {
  it('asks the UGC model for 9:16, 1080p, the chosen duration and the user’s seed', async () => {
    const sent = await submitted(UGC)
    expect(sent.endpoint).toBe('fal-ai/bytedance/seedance/v1/pro/fast/text-to-video')
    expect(sent.input).toEqual({ prompt: 'A barista smiles into the camera', aspect_ratio: '9:16', resolution: '1080p', duration: '5', seed: 123_456 })
  })

  it('sends pro_mode to the family’s higher tier with the same request', async () => {
    const sent = await submitted({ ...UGC, enhanced: true })
    expect(sent.endpoint).toBe('fal-ai/bytedance/seedance/v1/pro/text-to-video')
    expect(sent.input).toMatchObject({ aspect_ratio: '9:16', resolution: '1080p', duration: '5', seed: 123_456 })
  })

  it('maps the speaking family in its own fields: pro_mode turns its generated speech on', async () => {
    const seedance15 = { ugc: 'fal-ai/bytedance/seedance/v1.5/pro/text-to-video' }
    expect((await submitted(UGC, seedance15)).input).toMatchObject({ duration: '5', seed: 123_456, generate_audio: false })
    const enhanced = await submitted({ ...UGC, enhanced: true }, seedance15)
    expect(enhanced.endpoint).toBe('fal-ai/bytedance/seedance/v1.5/pro/text-to-video')
    expect(enhanced.input).toMatchObject({ aspect_ratio: '9:16', resolution: '1080p', generate_audio: true })
  })

  it('still sends lip sync and the consistent actor in their models’ schemas', async () => {
    const lipsync = await submitted(lipsyncInput)
    // The default is sync.so 2, whose price fal states: spec §3's dearer model goes to its dearer tier.
    expect(lipsync).toMatchObject({
      endpoint: 'fal-ai/sync-lipsync/v2',
      input: { model: 'lipsync-2-pro', video_url: 'https://cdn.example/v.mp4', audio_url: 'https://cdn.example/a.mp3', sync_mode: 'cut_off' },
    })
    const older = await submitted({ ...lipsyncInput, model: 'lipsync-1.9.0-beta' }, { lipsync: 'fal-ai/sync-lipsync' })
    expect(older).toMatchObject({ endpoint: 'fal-ai/sync-lipsync', input: { model: 'lipsync-1.9.0-beta', sync_mode: 'cut_off' } })
    const face: GenerationInput = { kind: 'consistent', prompt: 'waves hello', imageUrl: 'https://cdn.example/face.png', durationSeconds: 5 }
    // The default is Kling 2.5 Turbo, whose price fal states: the face image is the clip's first frame.
    expect(await submitted(face)).toMatchObject({
      endpoint: 'fal-ai/kling-video/v2.5-turbo/standard/image-to-video',
      input: { prompt: 'waves hello', image_url: 'https://cdn.example/face.png', duration: '5' },
    })
    const consistent = await submitted(face, { consistent: 'fal-ai/minimax/video-01-subject-reference' })
    expect(consistent).toMatchObject({
      endpoint: 'fal-ai/minimax/video-01-subject-reference',
      input: { prompt: 'waves hello', subject_reference_image_url: 'https://cdn.example/face.png', prompt_optimizer: true },
    })
  })

  it('asks the text-to-speech model for the script in its voice and language, as a URL', async () => {
    const sent = await submitted({ kind: 'voice', text: 'Grüße aus Köln! (laughs)', language: 'de', voice: 'de-lena' })
    expect(sent).toEqual({
      requestId: expect.any(String),
      endpoint: 'fal-ai/minimax/speech-2.8-hd',
      input: {
        prompt: 'Grüße aus Köln! (laughs)',
        voice_setting: { voice_id: 'Wise_Woman' },
        audio_setting: { format: 'mp3', sample_rate: '32000', channel: '1' },
        language_boost: 'German',
        output_format: 'url',
      },
    })
  })

  it('asks the speech-to-text model for the words of an audio, without laughter tags or speakers', async () => {
    const words = await providerWith().transcribe('https://cdn.example/voice.mp3', 'de', AbortSignal.timeout(10_000))
    const request = fake.requests.at(-1)
    expect(request?.app).toBe('fal-ai/elevenlabs')
    expect(request?.input).toEqual({ audio_url: 'https://cdn.example/voice.mp3', language_code: 'deu', tag_audio_events: false, diarize: false })
    expect(request?.ignoredFields).toEqual([])
    // The fake hears "Grüße aus (laughs) Köln!": the words only, with their times.
    expect(words).toEqual([
      { text: 'Grüße', start: 0.1, end: 0.5 },
      { text: 'aus', start: 0.55, end: 0.8 },
      { text: 'Köln!', start: 1.0, end: 1.4 },
    ])
  })

  it('refuses, before anything is sent, a duration the model does not offer', () => {
    const provider = providerWith()
    expect(provider.refusal({ ...UGC, durationSeconds: 1 })).toMatch(/2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 seconds; 1 s cannot be made/)
    expect(provider.refusal(UGC)).toBeNull()
    expect(providerWith({ ugc: 'fal-ai/bytedance/seedance/v1.5/pro/text-to-video' }).refusal({ ...UGC, durationSeconds: 3 })).not.toBeNull()
  })

  it('will not be built for a model the table does not know', () => {
    expect(() => providerWith({ ugc: 'fal-ai/minimax/video-01' })).toThrow(/fal-ai\/minimax\/video-01 is not a text-to-video model/)
  })
})

/** A submission straight to the fake queue, as any HTTP client would send it. */
async function post(endpoint: string, body: unknown): Promise<{ status: number; retryable: string | null; body: unknown }> {
  const res = await fetch(`${fake.url}/${endpoint}`, { method: 'POST', headers: { authorization: `Key ${KEY}` }, body: JSON.stringify(body) })
  return { status: res.status, retryable: res.headers.get('x-fal-retryable'), body: await res.json() }
}

describe('the fake refuses what fal’s schema refuses', () => {
  const seedance = 'fal-ai/bytedance/seedance/v1/pro/fast/text-to-video'
  const good = { prompt: 'p', aspect_ratio: '9:16', resolution: '1080p', duration: '5', seed: 1 }

  it.each([
    ['an unknown model', 'fal-ai/minimax/video-01', { prompt: 'p' }, { loc: ['path'], type: 'unknown_model' }],
    ['a missing required field', seedance, { ...good, prompt: undefined }, { loc: ['body', 'prompt'], type: 'missing', msg: 'Field required' }],
    ['a value outside an enum', seedance, { ...good, aspect_ratio: '9:21' }, { loc: ['body', 'aspect_ratio'], type: 'enum', input: '9:21' }],
    ['a duration sent as a number', seedance, { ...good, duration: 5 }, { loc: ['body', 'duration'], type: 'enum', input: 5 }],
    ['a seed that is not an integer', seedance, { ...good, seed: 1.5 }, { loc: ['body', 'seed'], type: 'int_type' }],
    [
      'a lip-sync model fal does not offer',
      'fal-ai/sync-lipsync',
      { model: 'lipsync-2', video_url: 'v', audio_url: 'a' },
      { loc: ['body', 'model'], type: 'enum' },
    ],
    [
      'a sync.so 1.x model on sync.so 2',
      'fal-ai/sync-lipsync/v2',
      { model: 'lipsync-1.8.0', video_url: 'v', audio_url: 'a' },
      { loc: ['body', 'model'], type: 'enum' },
    ],
    ['a script without its text', 'fal-ai/minimax/speech-2.8-hd', { text: 'Hello', output_format: 'url' }, { loc: ['body', 'prompt'], type: 'missing' }],
    [
      'a voice speed sent as text',
      'fal-ai/minimax/speech-2.8-hd',
      { prompt: 'Hello', voice_setting: { voice_id: 'Wise_Woman', speed: '1' } },
      { loc: ['body', 'voice_setting', 'speed'], type: 'float_type' },
    ],
    [
      'a language MiniMax does not boost',
      'fal-ai/minimax/speech-2.8-hd',
      { prompt: 'Hallo', language_boost: 'de' },
      { loc: ['body', 'language_boost'], type: 'enum' },
    ],
    ['speech to text without the audio', 'fal-ai/elevenlabs/speech-to-text', { language_code: 'eng' }, { loc: ['body', 'audio_url'], type: 'missing' }],
  ])('422 with fal’s error shape for %s', async (_name, endpoint, body, error) => {
    const before = fake.requests.length
    const answer = await post(endpoint, body)
    expect(answer.status).toBe(422)
    expect(answer.retryable).toBe('false')
    expect(answer.body).toEqual({
      detail: [expect.objectContaining({ ...error, msg: expect.any(String), url: expect.stringMatching(/^https:\/\/docs\.fal\.ai\/errors#/) })],
    })
    expect(fake.requests.length).toBe(before)
  })

  it('accepts a valid input and records the fields fal would ignore', async () => {
    const answer = await post(seedance, { ...good, prompt_optimizer: true })
    expect(answer.status).toBe(200)
    expect(fake.requests.at(-1)?.ignoredFields).toEqual(['prompt_optimizer'])
  })

  it('reaches the provider as a refusal through the real client', async () => {
    // Seedance 1.5 offers no 2 s clip: started without the service's refusal check, fal's 422 comes back.
    const wrong = providerWith({ ugc: 'fal-ai/bytedance/seedance/v1.5/pro/text-to-video' })
    await expect(wrong.start({ jobId: 'job-drift', input: { ...UGC, durationSeconds: 2 } })).rejects.toBeInstanceOf(ProviderRejectedError)
  })
})

describe('what comes back is measured', () => {
  it.each([
    ['a landscape clip', { width: 1920, height: 1080, seconds: 5 }, /1920x1080, not the 1080x1920 portrait clip of 5 s/],
    ['a 720p portrait clip', { width: 720, height: 1280, seconds: 5 }, /720x1280/],
    ['a clip of another length', { width: 1080, height: 1920, seconds: 8 }, /lasts 8\.00 s, not the 1080x1920 portrait clip of 5 s/],
  ])('fails the job, storing nothing, for %s', async (_name, shape, message) => {
    const file = await makeClip(shape, path.join(fixtures.dir, `${shape.width}x${shape.height}x${shape.seconds}.mp4`))
    fake.nextScript({ resultFile: file, runningPolls: 0 })
    const provider = providerWith()
    const { requestId } = await submitted(UGC)
    const end = await finish(provider, requestId, UGC)
    expect(end.state).toBe('failed')
    expect(end.error).toMatch(message)
    expect(end.outputUrl).toBeUndefined()
  })

  it('stores a clip within the tolerance (1088 wide, 5 s)', async () => {
    const file = await makeClip({ width: 1088, height: 1920, seconds: 5 }, path.join(fixtures.dir, 'rounded.mp4'))
    fake.nextScript({ resultFile: file, runningPolls: 0 })
    const { requestId } = await submitted(UGC)
    const end = await finish(providerWith(), requestId, UGC)
    expect(end.state).toBe('completed')
    expect(end.outputUrl).toMatch(/\/media\/[0-9a-f-]+\.mp4$/)
  })

  it('stores a voice’s audio as a WAV or MP3, and fails a voice answered with a video', async () => {
    const input: GenerationInput = { kind: 'voice', text: 'Hello there', language: 'en', voice: 'en-ava' }
    const { requestId } = await submitted(input)
    const end = await finish(providerWith(), requestId, input)
    expect(end).toMatchObject({ state: 'completed', outputUrl: expect.stringMatching(/\/media\/[0-9a-f-]+\.wav$/) })
    fake.nextScript({ resultFile: fixtures.portraitVideoFile, runningPolls: 0 })
    const wrong = await submitted(input)
    expect((await finish(providerWith(), wrong.requestId, input)).state).toBe('failed')
  })

  it('does not hold lip-sync results to the UGC shape', async () => {
    const file = await makeClip({ width: 1920, height: 1080, seconds: 3 }, path.join(fixtures.dir, 'lipsync.mp4'))
    fake.nextScript({ resultFile: file, runningPolls: 0 })
    const input: GenerationInput = {
      kind: 'lipsync',
      videoUrl: 'https://cdn.example/v.mp4',
      audioUrl: 'https://cdn.example/a.mp3',
      audioSeconds: 3,
      model: 'lipsync-1.8.0',
    }
    const { requestId } = await submitted(input)
    expect((await finish(providerWith(), requestId, input)).state).toBe('completed')
  })
})
