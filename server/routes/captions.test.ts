import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captionCuesResponseSchema } from '../../contract/captions.ts'
import { CAPTION_AUDIO_MAX_SECONDS, CAPTION_CUES_LIMIT } from '../../contract/constants.ts'
import { remoteFetcherInto } from '../compose/remote-inputs.ts'
import { keyOfRef } from '../media/keys.ts'
import { copyToTemp, createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { createGenerationTestApp, type GenerationTestApp } from '../testing/generation-app.ts'
import { saveSpeech, type StoredSpeech } from '../providers/speech/speech-words.ts'
import { makeAudio, makeTempDir } from '../render/testing/media-fixtures.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'

// The caption calls with what a caller can get wrong or overdo, on the
// embedded default with the production URL fetcher (public addresses only):
// only the caller's own stored audio is timed, and not past five minutes;
// an outside video that cannot be loaded, or a file gone since, is answered
// as what it is, never 500; each account has a budget, and the instance a
// few render slots (429 either way, with Retry-After).

const CUE = { start: 0, end: 1, text: 'Hello there', words: [] }

const cues = (app: GenerationTestApp, user: TestUser, json: object) => app.request('/api/fal/v1/captions/cues', { token: user.idToken, json })
const preview = (app: GenerationTestApp, user: TestUser, videoUrl: string) =>
  app.request('/api/fal/v1/captions/preview', { token: user.idToken, json: { video_url: videoUrl, style: 'clean', cues: [CUE] } })

describe.each(testDatabases)('caption calls on %s', (database) => {
  let server: TestServer
  let gen: GenerationTestApp
  let full: GenerationTestApp
  let fixtures: MediaFixtures
  let temp: Awaited<ReturnType<typeof makeTempDir>>

  beforeAll(async () => {
    temp = await makeTempDir('actorly-captions-')
    fixtures = await createMediaFixtures()
    server = await createTestServer({ database })
    gen = await createGenerationTestApp(server, { worker: false, fetchRemote: remoteFetcherInto(temp.dir) })
    // An instance whose render slots are all taken.
    full = await createGenerationTestApp(server, { worker: false, captionRenderSlots: 0 })
  })
  afterAll(async () => {
    await full.close()
    await gen.close()
    await server.close()
    await fixtures.remove()
    await temp.remove()
  })

  it('times only audio kept here: an outside URL is refused before anything is fetched', async () => {
    const ann = await createSignedInUser(server)
    for (const audioUrl of ['https://127.0.0.1/voice.wav', 'https://cdn.example/voice.mp3']) {
      const res = await cues(gen, ann, { audio_url: audioUrl, language: 'en', script: 'Hello there' })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/^audio_url: /) })
    }
  })

  it('answers an outside video it may not or cannot load as such, not 500', async () => {
    const ben = await createSignedInUser(server)
    const refused = await preview(gen, ben, 'https://127.0.0.1/clip.mp4')
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 'url_not_allowed' })
    const dead = await preview(gen, ben, 'https://nothing-here.invalid/clip.mp4')
    expect(dead.status).toBe(502)
    expect(await dead.json()).toMatchObject({ code: 'upstream_failed' })
  })

  it('answers a file removed since it was named with 404', async () => {
    const cat = await createSignedInUser(server)
    const videoUrl = await gen.saveUpload(await copyToTemp(fixtures.videoFile), 'mp4', cat.id)
    const audioUrl = await gen.saveUpload(await copyToTemp(fixtures.audioFile), 'wav', cat.id)
    for (const url of [videoUrl, audioUrl]) await gen.store.delete(keyOfRef(new URL(url).pathname) ?? '')
    const gone = await preview(gen, cat, videoUrl)
    expect(gone.status).toBe(404)
    expect(await gone.json()).toMatchObject({ code: 'not_found', message: expect.stringMatching(/^video_url: /) })
    const goneAudio = await cues(gen, cat, { audio_url: audioUrl, language: 'en', script: 'Hello there' })
    expect(goneAudio.status).toBe(404)
    expect(await goneAudio.json()).toMatchObject({ code: 'not_found', message: expect.stringMatching(/^audio_url: /) })
  })

  it(`refuses an audio longer than ${CAPTION_AUDIO_MAX_SECONDS} seconds`, async () => {
    const dan = await createSignedInUser(server)
    const long = await makeAudio(`${temp.dir}/long.wav`, CAPTION_AUDIO_MAX_SECONDS + 1, ['-ar', '8000'])
    const audioUrl = await gen.saveUpload(long, 'wav', dan.id)
    const res = await cues(gen, dan, { audio_url: audioUrl, language: 'en', script: 'Hello there' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/at most 5 minutes/) })
  })

  it('limits timing per account, counting only real work, with Retry-After', async () => {
    const eve = await createSignedInUser(server)
    const audioUrl = await gen.saveUpload(await copyToTemp(fixtures.audioFile), 'wav', eve.id)
    const ask = () => cues(gen, eve, { audio_url: audioUrl, language: 'en', script: 'Hello there' })
    for (let i = 0; i < CAPTION_CUES_LIMIT.burst; i += 1) expect((await ask()).status).toBe(200)
    const limited = await ask()
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Captions already known cost nothing: they are answered whatever the budget.
    const known = await gen.saveUpload(await copyToTemp(fixtures.audioFile), 'wav', eve.id)
    const words: StoredSpeech['words'] = { timing: 'synthesizer', list: [{ text: 'Hello', start: 0, end: 0.5 }] }
    await saveSpeech(server.db, { audioKey: keyOfRef(new URL(known).pathname) ?? '', userId: eve.id, seconds: 1.5, language: 'en', words })
    const answered = await cues(gen, eve, { audio_url: known, language: 'en' })
    expect(answered.status).toBe(200)
    expect(captionCuesResponseSchema.parse(await answered.json())).toMatchObject({ timing: 'synthesizer' })
    // Another account has its own budget.
    const fay = await createSignedInUser(server)
    const hers = await gen.saveUpload(await copyToTemp(fixtures.audioFile), 'wav', fay.id)
    expect((await cues(gen, fay, { audio_url: hers, language: 'en', script: 'Hello there' })).status).toBe(200)
  })

  it('answers 429 busy with Retry-After when every render slot of the instance is taken, spending nothing', async () => {
    const gus = await createSignedInUser(server)
    const videoUrl = await full.saveUpload(await copyToTemp(fixtures.videoFile), 'mp4', gus.id)
    const busy = await preview(full, gus, videoUrl)
    expect(busy.status).toBe(429)
    expect(await busy.json()).toMatchObject({ code: 'busy' })
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0)
    const audioUrl = await full.saveUpload(await copyToTemp(fixtures.audioFile), 'wav', gus.id)
    expect((await cues(full, gus, { audio_url: audioUrl, language: 'en', script: 'Hello there' })).status).toBe(429)
    // No budget was spent on the refusals: the account's whole burst is still there.
    const buckets = await server.db.selectFrom('form_rate_limits').select('client_key').where('client_key', 'like', `%${gus.id}`).execute()
    expect(buckets).toEqual([])
  })
})
