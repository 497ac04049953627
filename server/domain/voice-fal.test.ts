import { describe, expect, it } from 'vitest'
import { captionCuesResponseSchema } from '../../contract/captions.ts'
import { toHundredths, VOICE_COST } from '../../contract/constants.ts'
import { startResponseSchema } from '../../contract/generations.ts'
import { voiceCatalogSchema, voiceJobSchema, type VoiceJob } from '../../contract/voice.ts'
import type { FakeFalServer } from '../providers/fal/testing/fake-fal-server.ts'
import type { GenerationTestApp } from '../testing/generation-app.ts'
import { copyToTemp, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { test } from '../testing/fixtures.ts'
import { balanceOf, ledgerKeysOf } from '../testing/job-helpers.ts'
import { createSignedInUser, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'

// With GENERATION_PROVIDER=fal a voice comes from the text-to-speech model
// (through the real @fal-ai/client, against the fake that holds every
// request to the model's published schema), is refunded when the model
// fails, and an uploaded audio's captions are timed by the speech-to-text
// model, once per file.

describe.each(testDatabases)('a voice and captions on fal on %s', (database) => {
  let server: TestServer
  let fal: GenerationTestApp
  let fake: FakeFalServer
  let fixtures: MediaFixtures

  test.beforeAll(async ({ falStack }) => {
    ;({ server, fal, fake, fixtures } = await falStack(database, { speech: true }))
  })

  async function voiceOf(user: TestUser, text: string): Promise<VoiceJob> {
    const res = await fal.request('/api/fal/v1/voice', { token: user.idToken, json: { text, language: 'en', voice: 'en-leo' } })
    expect(res.status).toBe(200)
    const { requestId } = startResponseSchema.parse(await res.json())
    for (let tries = 0; tries < 300; tries += 1) {
      const voice = voiceJobSchema.parse(await (await fal.request('/api/fal/v1/voiceStatus', { token: user.idToken, json: { request_id: requestId } })).json())
      if (voice.status === 'completed' || voice.status === 'failed') return voice
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('the voice never ended')
  }

  it('makes the voice with the model, says it is AI, and keeps it as an upload', async () => {
    const catalog = voiceCatalogSchema.parse(await (await fal.app.request('/api/fal/v1/voices')).json())
    expect(catalog.maker).toBe('ai')
    const alice = await createSignedInUser(server, { credits: 1 })
    const voice = await voiceOf(alice, 'Tired of cold coffee?')
    expect(voice).toMatchObject({ status: 'completed', maker: 'ai', audio: { kind: 'audio', format: 'wav' } })
    expect(await fal.isStored(voice.audio?.secure_url ?? null)).toBe(true)
    const sent = fake.requests.find((request) => request.app === 'fal-ai/minimax')
    expect(sent?.input).toMatchObject({ prompt: 'Tired of cold coffee?', voice_setting: { voice_id: 'Deep_Voice_Man' }, language_boost: 'English' })
    expect(await balanceOf(server.db, alice.id)).toBe(100 - toHundredths(VOICE_COST))
  })

  it('answers a sample the model failed to make as the model’s failure, and does not pay for it again at once', async () => {
    fake.nextScript({ failure: { via: 'status-error' } })
    const before = fake.requests.length
    const first = await fal.app.request('/api/fal/v1/voices/de-lena/preview')
    expect(first.status).toBe(502)
    expect(await first.json()).toMatchObject({ code: 'upstream_failed' })
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(fake.requests.length).toBe(before + 1)
    const again = await fal.app.request('/api/fal/v1/voices/de-lena/preview')
    expect(again.status).toBe(502)
    expect(fake.requests.length).toBe(before + 1)
  })

  it('refunds a voice the model fails to make', async () => {
    const bob = await createSignedInUser(server, { credits: 1 })
    fake.nextScript({ failure: { via: 'status-error' } })
    const voice = await voiceOf(bob, 'This one will fail.')
    expect(voice.status).toBe('failed')
    expect(voice.audio).toBeNull()
    expect(await balanceOf(server.db, bob.id)).toBe(100)
    expect((await ledgerKeysOf(server.db, bob.id)).filter((key) => key.endsWith(':refund'))).toHaveLength(1)
  })

  it('times an upload’s captions by speech to text, asking the model once per file', async () => {
    const carol = await createSignedInUser(server, { credits: 1 })
    const audioUrl = await fal.saveUpload(await copyToTemp(fixtures.audioFile), 'wav', carol.id)
    const ask = () => fal.request('/api/fal/v1/captions/cues', { token: carol.idToken, json: { audio_url: audioUrl, language: 'de' } })
    const before = fake.requests.length
    const first = captionCuesResponseSchema.parse(await (await ask()).json())
    expect(first).toMatchObject({ timing: 'speech_to_text', approximate: false })
    expect(first.cues.map((cue) => cue.text)).toEqual(['Grüße aus Köln!'])
    const transcriptions = fake.requests.slice(before)
    expect(transcriptions).toHaveLength(1)
    // The model fetches our file by a signed link.
    expect(transcriptions[0]?.input).toMatchObject({ audio_url: expect.stringMatching(/\/media\/[0-9a-f-]+\.wav\?exp=\d+&sig=/), language_code: 'deu' })
    expect(captionCuesResponseSchema.parse(await (await ask()).json())).toEqual(first)
    expect(fake.requests.length).toBe(before + 1)
  })

  it('never sends an outside audio to the speech-to-text model', async () => {
    const dora = await createSignedInUser(server, { credits: 1 })
    const before = fake.requests.length
    const res = await fal.request('/api/fal/v1/captions/cues', { token: dora.idToken, json: { audio_url: 'https://cdn.example/ad.mp3', language: 'en' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'validation_failed' })
    expect(fake.requests.length).toBe(before)
  })

  it('answers a failed transcription as the model’s failure (502), and keeps nothing of it', async () => {
    const emil = await createSignedInUser(server, { credits: 1 })
    const audioUrl = await fal.saveUpload(await copyToTemp(fixtures.audioFile), 'wav', emil.id)
    const ask = () => fal.request('/api/fal/v1/captions/cues', { token: emil.idToken, json: { audio_url: audioUrl, language: 'de' } })
    fake.nextScript({ failure: { via: 'status-error' } })
    const failed = await ask()
    expect(failed.status).toBe(502)
    expect(await failed.json()).toMatchObject({ code: 'upstream_failed' })
    // Asked again, the model is asked again.
    expect(captionCuesResponseSchema.parse(await (await ask()).json())).toMatchObject({ timing: 'speech_to_text' })
  })
})
