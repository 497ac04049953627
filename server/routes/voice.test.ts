import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captionCuesResponseSchema } from '../../contract/captions.ts'
import { toHundredths, VOICE_COST } from '../../contract/constants.ts'
import { galleryResponseSchema } from '../../contract/gallery.ts'
import { startResponseSchema, statusResponseSchema } from '../../contract/generations.ts'
import { userStatusSchema } from '../../contract/users.ts'
import { voiceCatalogSchema, voiceJobSchema, voiceLatestResponseSchema, type VoiceJob } from '../../contract/voice.ts'
import { createGenerationTestApp, type GenerationTestApp } from '../testing/generation-app.ts'
import { copyToTemp, createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { balanceOf, waitForEnd } from '../testing/job-helpers.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'

// A voice from a typed script and captions on the embedded default, end to
// end: the real app, the auth emulator, the database, eSpeak NG in the worker
// and ffmpeg. The voice costs VOICE_COST, comes back as an upload does, and
// lip sync with captions makes a captioned MP4 with its .vtt and .srt.

const SCRIPT = 'Tired of cold coffee? This mug keeps it hot for hours. Try it today!'

async function waitForVoice(gen: GenerationTestApp, user: TestUser, requestId: string): Promise<VoiceJob> {
  for (let tries = 0; tries < 200; tries += 1) {
    const res = await gen.request('/api/fal/v1/voiceStatus', { token: user.idToken, json: { request_id: requestId } })
    expect(res.status).toBe(200)
    const voice = voiceJobSchema.parse(await res.json())
    if (voice.status === 'completed' || voice.status === 'failed') return voice
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the voice was never made')
}

/** The stored bytes behind a signed link of an answer. */
async function storedText(gen: GenerationTestApp, url: string): Promise<string> {
  const key = gen.links.keyOfOwnUrl(url, [])
  if (key === null) throw new Error(`not one of ours: ${url}`)
  const chunks: Buffer[] = []
  for await (const chunk of gen.store.read(key)) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

describe.each(testDatabases)('a voice from a script and captions on %s', (database) => {
  let server: TestServer
  let gen: GenerationTestApp
  let fixtures: MediaFixtures

  beforeAll(async () => {
    server = await createTestServer({ database })
    gen = await createGenerationTestApp(server)
    fixtures = await createMediaFixtures()
  })
  afterAll(async () => {
    await gen.close()
    await server.close()
    await fixtures.remove()
  })

  it('offers two voices per language, what a voice costs, and a playable sample of each', async () => {
    const catalog = voiceCatalogSchema.parse(await (await gen.app.request('/api/fal/v1/voices')).json())
    expect(catalog).toMatchObject({ maker: 'local', cost: VOICE_COST, maxCharacters: 1000 })
    expect(catalog.voices.filter((voice) => voice.language === 'en')).toHaveLength(2)
    expect(catalog.voices.filter((voice) => voice.language === 'de')).toHaveLength(2)
    const sample = await gen.app.request(catalog.voices[2]?.previewUrl ?? '')
    expect(sample.status).toBe(200)
    expect(sample.headers.get('content-type')).toBe('audio/wav')
    const bytes = Buffer.from(await sample.arrayBuffer())
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF')
    // A sentence at 22 kHz, 16 bit: well over a second of sound.
    expect(bytes.length).toBeGreaterThan(22_050 * 2)
    expect((await gen.app.request('/api/fal/v1/voices/xx-nobody/preview')).status).toBe(404)
  })

  it('makes a voice as a job, charges for it, and answers its audio as an upload', async () => {
    const alice = await createSignedInUser(server, { credits: 5 })
    const res = await gen.request('/api/fal/v1/voice', { token: alice.idToken, json: { text: SCRIPT, language: 'en', voice: 'en-ava' } })
    expect(res.status).toBe(200)
    const { requestId } = startResponseSchema.parse(await res.json())
    expect(await balanceOf(server.db, alice.id)).toBe(500 - toHundredths(VOICE_COST))

    const voice = await waitForVoice(gen, alice, requestId)
    expect(voice).toMatchObject({ status: 'completed', text: SCRIPT, language: 'en', voice: 'en-ava', maker: 'local' })
    expect(voice.audio).toMatchObject({ kind: 'audio', format: 'wav', resource_type: 'video' })
    expect(voice.audio?.duration).toBeGreaterThan(2)
    expect(voice.audio?.duration).toBeLessThan(12)
    expect(await gen.isStored(voice.audio?.secure_url ?? null)).toBe(true)
    // The voice is the user's own upload: a lip-sync start may use it.
    const key = gen.links.keyOfOwnUrl(voice.audio?.secure_url ?? '', [])
    expect(
      await server.db
        .selectFrom('media_objects')
        .select(['owner_user_id', 'origin'])
        .where('key', '=', key ?? '')
        .executeTakeFirst(),
    ).toEqual({
      owner_user_id: alice.id,
      origin: 'upload',
    })

    const latest = voiceLatestResponseSchema.parse(await (await gen.request('/api/fal/v1/voiceLatest', { token: alice.idToken, json: {} })).json())
    expect(latest.voice?.requestId).toBe(requestId)
    // Someone else's voice is unknown.
    const bob = await createSignedInUser(server, { credits: 1 })
    expect((await gen.request('/api/fal/v1/voiceStatus', { token: bob.idToken, json: { request_id: requestId } })).status).toBe(404)
  })

  it('refuses a script it cannot say, and charges nothing', async () => {
    const carol = await createSignedInUser(server, { credits: 1 })
    for (const body of [
      { text: 'x'.repeat(1001), language: 'en', voice: 'en-ava' },
      { text: '   ', language: 'en', voice: 'en-ava' },
      { text: 'Hallo', language: 'de', voice: 'en-ava' },
    ]) {
      const res = await gen.request('/api/fal/v1/voice', { token: carol.idToken, json: body })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'validation_failed' })
    }
    expect(await balanceOf(server.db, carol.id)).toBe(100)
  })

  it('times captions from the voice’s own words, previews them and burns them into the lip sync', async () => {
    const dana = await createSignedInUser(server, { credits: 10 })
    const started = startResponseSchema.parse(
      await (
        await gen.request('/api/fal/v1/voice', {
          token: dana.idToken,
          json: { text: 'Grüße aus Köln! Die Straße ist schön.', language: 'de', voice: 'de-max' },
        })
      ).json(),
    )
    const voice = await waitForVoice(gen, dana, started.requestId)
    const audioUrl = voice.audio?.secure_url ?? ''

    const cuesRes = await gen.request('/api/fal/v1/captions/cues', { token: dana.idToken, json: { audio_url: audioUrl, language: 'de' } })
    expect(cuesRes.status).toBe(200)
    const cues = captionCuesResponseSchema.parse(await cuesRes.json())
    expect(cues).toMatchObject({ timing: 'synthesizer', approximate: false })
    expect(cues.cues.map((cue) => cue.text).join(' ')).toBe('Grüße aus Köln! Die Straße ist schön.')

    const videoUrl = await gen.saveUpload(await copyToTemp(fixtures.videoFile), 'mp4', dana.id)
    // The user corrects a word before paying; the preview shows the corrected caption.
    const corrected = cues.cues.map((cue, index) => (index === 0 ? { ...cue, text: 'Grüße aus Kölle!' } : cue))
    const still = await gen.request('/api/fal/v1/captions/preview', { token: dana.idToken, json: { video_url: videoUrl, style: 'bold', cues: corrected } })
    expect(still.status).toBe(200)
    expect(still.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await still.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))

    const lipSync = await gen.request('/api/fal/v1/lipsyncGenerate', {
      token: dana.idToken,
      json: {
        video_url: videoUrl,
        audio_url: audioUrl,
        user_id: dana.id,
        audio_duraraion: voice.audio?.duration,
        captions: { style: 'boxed', cues: corrected, timing: cues.timing },
      },
    })
    expect(lipSync.status).toBe(200)
    const { requestId } = startResponseSchema.parse(await lipSync.json())
    const end = statusResponseSchema.parse(
      await waitForEnd(gen, { path: '/api/fal/v1/lipsyncGeneratedVideo', json: { request_id: requestId }, token: dana.idToken }),
    )
    expect(end.status).toBe('completed')
    expect(end.captions).toBeDefined()
    const vtt = await storedText(gen, end.captions?.vtt ?? '')
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:')).toBe(true)
    expect(vtt).toContain('Grüße aus Kölle!')
    expect(await storedText(gen, end.captions?.srt ?? '')).toMatch(/^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\nGrüße aus Kölle!/)

    const gallery = galleryResponseSchema.parse(
      await (await gen.request('/api/fal/v1/lipsyncGallery', { token: dana.idToken, json: { page: 1, userId: dana.id } })).json(),
    )
    expect(gallery.generations[0]?.captions).toEqual(end.captions)
    // The voice job is no video: the galleries never list it.
    expect(gallery.generations.map((item) => item._id)).not.toContain(started.requestId)
  })

  it('times typed words over the voiced stretches of an upload, and says so', async () => {
    const erin = await createSignedInUser(server, { credits: 1 })
    const audioUrl = await gen.saveUpload(await copyToTemp(fixtures.audioFile), 'wav', erin.id)
    const without = await gen.request('/api/fal/v1/captions/cues', { token: erin.idToken, json: { audio_url: audioUrl, language: 'en' } })
    expect(without.status).toBe(400)
    expect(await without.json()).toMatchObject({ code: 'captions_unavailable' })

    const res = await gen.request('/api/fal/v1/captions/cues', { token: erin.idToken, json: { audio_url: audioUrl, language: 'en', script: 'Hello there' } })
    const cues = captionCuesResponseSchema.parse(await res.json())
    expect(cues).toMatchObject({ timing: 'approximate', approximate: true })
    expect(cues.cues[0]?.words.map((word) => word.text)).toEqual(['Hello', 'there'])
    // The fixture's tone lasts 1.5 s: the words lie within it.
    expect(cues.cues[0]?.words[1]?.end).toBeLessThanOrEqual(1.5)
  })
})

describe.each(testDatabases)('one voice at a time, apart from videos, on %s', (database) => {
  let server: TestServer
  let gen: GenerationTestApp

  beforeAll(async () => {
    server = await createTestServer({ database })
    // No worker: the jobs stay queued.
    gen = await createGenerationTestApp(server, { worker: false })
  })
  afterAll(async () => {
    await gen.close()
    await server.close()
  })

  it('makes a voice while a video is being made, but not a second voice', async () => {
    const frank = await createSignedInUser(server, { credits: 5 })
    const video = await gen.request('/api/fal/v1/generate', {
      token: frank.idToken,
      json: { prompt: 'A founder smiles', seed: '', pro_mode: false, aspect_ratio: '9:16', resolution: '1080p', duration: '1', user_id: frank.id },
    })
    expect(video.status).toBe(200)
    const voice = { text: 'Hello', language: 'en', voice: 'en-leo' }
    expect((await gen.request('/api/fal/v1/voice', { token: frank.idToken, json: voice })).status).toBe(200)
    const second = await gen.request('/api/fal/v1/voice', { token: frank.idToken, json: voice })
    expect(second.status).toBe(409)
    expect(await second.json()).toMatchObject({ code: 'voice_in_progress' })
    expect(await balanceOf(server.db, frank.id)).toBe(500 - 175 - toHundredths(VOICE_COST))
  })

  it('starts a video while a voice is being made, and says no video is being made meanwhile', async () => {
    const gina = await createSignedInUser(server, { credits: 5 })
    expect((await gen.request('/api/fal/v1/voice', { token: gina.idToken, json: { text: 'Hello', language: 'en', voice: 'en-ava' } })).status).toBe(200)
    // The app asks this before every video start (spec §4): a voice is no video.
    const status = await server.request(`/api/users/v1/${encodeURIComponent(gina.email)}/status`, { token: gina.idToken })
    expect(userStatusSchema.parse(await status.json())).toMatchObject({ isCurrentlyGenerating: false })
    const video = await gen.request('/api/fal/v1/generate', {
      token: gina.idToken,
      json: { prompt: 'A founder smiles', seed: '', pro_mode: false, aspect_ratio: '9:16', resolution: '1080p', duration: '1', user_id: gina.id },
    })
    expect(video.status).toBe(200)
    const during = await server.request(`/api/users/v1/${encodeURIComponent(gina.email)}/status`, { token: gina.idToken })
    expect(userStatusSchema.parse(await during.json())).toMatchObject({ isCurrentlyGenerating: true })
  })
})
