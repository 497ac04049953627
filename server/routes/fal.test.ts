import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { galleryResponseSchema } from '../../contract/gallery.ts'
import { GENERATION_MESSAGES, imageToVideoResponseSchema, startResponseSchema } from '../../contract/generations.ts'
import { mediaOwner } from '../media/catalog.ts'
import { createGenerationTestApp, type GenerationTestApp } from '../testing/generation-app.ts'
import { balanceOf, jobCount, ledgerKeysOf, ugcRequest, waitForEnd } from '../testing/job-helpers.ts'
import { copyToTemp, createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { createSignedInUser, createTestServer, testDatabases, uniqueEmail, type TestServer, type TestUser } from '../testing/harness.ts'

// spec §7 generation calls end to end: the real app, the auth emulator, the
// database and the local ffmpeg renderer.

const ugcBody = (user: TestUser, extra: Record<string, unknown> = {}) =>
  ugcRequest(user, { seed: '', prompt: 'A cheerful barista presents a latte', duration: '1', ...extra })

describe.each(testDatabases)('generation calls on %s', (database) => {
  const demoEmail = uniqueEmail()
  let server: TestServer
  let gen: GenerationTestApp
  let fixtures: MediaFixtures

  beforeAll(async () => {
    server = await createTestServer({ database })
    gen = await createGenerationTestApp(server, { demoAccountEmail: demoEmail })
    fixtures = await createMediaFixtures()
  })
  afterAll(async () => {
    await gen.close()
    await server.close()
    await fixtures.remove()
  })

  it('generates a UGC video: holds 1.75 credits, reports real progress, lists it in the gallery, never refunds', async () => {
    const alice = await createSignedInUser(server, { credits: 5 })
    const res = await gen.request('/api/fal/v1/generate', { token: alice.idToken, json: ugcBody(alice) })
    expect(res.status).toBe(200)
    const { requestId } = startResponseSchema.parse(await res.json())
    expect(await balanceOf(server.db, alice.id)).toBe(325)

    const end = await waitForEnd(gen, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId, duration: '1' }, token: alice.idToken })
    expect(end.status).toBe('completed')
    expect(end.progress.totalprogress).toBeGreaterThan(0)
    expect(end.progress.currentprogress).toBe(end.progress.totalprogress)
    expect(await gen.isStored(end.outputUrl)).toBe(true)

    const gallery = galleryResponseSchema.parse(
      await (await gen.request('/api/fal/v1/gallery', { token: alice.idToken, json: { page: 1, limit: 10, userId: alice.id } })).json(),
    )
    expect(gallery.pagination).toEqual({ pages: 1, total: 1 })
    expect(gallery.generations[0]).toMatchObject({
      _id: requestId,
      prompt: 'A cheerful barista presents a latte',
      parameters: { pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' },
      status: 'completed',
      outputUrl: end.outputUrl,
      error: null,
    })
    expect(gallery.generations[0]?.parameters.seed).toBeGreaterThanOrEqual(0)
    // The poster frame (docs/decisions/0163): taken before the job completed, a signed link to a JPEG of
    // alice's, the same in the status answer and the gallery, with the video's measured length.
    const poster = gallery.generations[0]?.thumbnail_url ?? null
    expect(poster).toMatch(/^http:\/\/127\.0\.0\.1:8711\/media\/[0-9a-f-]{36}\.jpg\?exp=\d+&sig=/)
    expect(end.thumbnailUrl).toBe(poster)
    expect(end.seen.filter((status) => status.status !== 'completed').map((status) => status.thumbnailUrl)).not.toContain(poster)
    expect(await gen.isStored(poster)).toBe(true)
    const posterKey = gen.links.keyOfOwnUrl(poster ?? '', [])
    expect(await mediaOwner(server.db, posterKey ?? '')).toBe(alice.id)
    expect(gallery.generations[0]?.durationSeconds).toBeCloseTo(1, 1)
    expect(await balanceOf(server.db, alice.id)).toBe(325)
    expect((await ledgerKeysOf(server.db, alice.id)).filter((key) => key.endsWith(':refund'))).toEqual([])
  })

  it('charges 2.00 for the enhanced option and keeps the given seed', async () => {
    const bob = await createSignedInUser(server, { credits: 2 })
    const res = await gen.request('/api/fal/v1/generate', { token: bob.idToken, json: ugcBody(bob, { pro_mode: true, seed: 123456 }) })
    expect(res.status).toBe(200)
    const { requestId } = startResponseSchema.parse(await res.json())
    expect(await balanceOf(server.db, bob.id)).toBe(0)
    await waitForEnd(gen, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId }, token: bob.idToken })
    const gallery = galleryResponseSchema.parse(await (await gen.request('/api/fal/v1/gallery', { token: bob.idToken, json: { userId: bob.id } })).json())
    expect(gallery.generations[0]?.parameters).toEqual({ seed: 123456, pro_mode: true, aspect_ratio: '9:16', resolution: '1080p' })
  })

  it('lip-syncs our own uploaded video and audio, priced by started audio minutes', async () => {
    const carol = await createSignedInUser(server, { credits: 10 })
    const video = await gen.saveUpload(await copyToTemp(fixtures.videoFile), 'mp4', carol.id)
    const audio = await gen.saveUpload(await copyToTemp(fixtures.audioFile), 'wav', carol.id)
    const res = await gen.request('/api/fal/v1/lipsyncGenerate', {
      token: carol.idToken,
      json: { video_url: video, audio_url: audio, user_id: carol.id, audio_duraraion: 1.5, lipSyncModel: 'lipsync-1.9.0-beta' },
    })
    expect(res.status).toBe(200)
    const { requestId } = startResponseSchema.parse(await res.json())
    expect(await balanceOf(server.db, carol.id)).toBe(700)
    const end = await waitForEnd(gen, { path: '/api/fal/v1/lipsyncGeneratedVideo', json: { request_id: requestId }, token: carol.idToken })
    expect(end.status).toBe('completed')
    const gallery = galleryResponseSchema.parse(
      await (await gen.request('/api/fal/v1/lipsyncGallery', { token: carol.idToken, json: { page: 1, userId: carol.id } })).json(),
    )
    expect(gallery.generations.map((g) => g._id)).toEqual([requestId])
    // What the local renderer really made: a 1080x1920 portrait clip.
    expect(gallery.generations[0]).toMatchObject({ aspectRatio: '9:16', resolution: '1080p' })
    // The UGC list does not show lip-sync jobs.
    const ugc = galleryResponseSchema.parse(await (await gen.request('/api/fal/v1/gallery', { token: carol.idToken, json: { userId: carol.id } })).json())
    expect(ugc.pagination.total).toBe(0)
  })

  it('measures the lip-sync audio before charging: longer than audio_duraraion or unreadable is a 400 and costs nothing', async () => {
    const long = await createMediaFixtures({ audioSeconds: 65 })
    try {
      const kai = await createSignedInUser(server, { credits: 10 })
      const video = await gen.saveUpload(await copyToTemp(fixtures.videoFile), 'mp4', kai.id)
      const audio = await gen.saveUpload(await copyToTemp(long.audioFile), 'wav', kai.id)
      const body = { video_url: video, audio_url: audio, user_id: kai.id, audio_duraraion: 1.5, lipSyncModel: 'lipsync-1.8.0' }
      const longer = await gen.request('/api/fal/v1/lipsyncGenerate', { token: kai.idToken, json: body })
      expect(longer.status).toBe(400)
      expect(await longer.json()).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/audio_duraraion/) })
      const unreadable = await gen.request('/api/fal/v1/lipsyncGenerate', { token: kai.idToken, json: { ...body, audio_url: 'https://cdn.example/a.mp3' } })
      expect(unreadable.status).toBe(400)
      expect(await balanceOf(server.db, kai.id)).toBe(1000)
      expect(await jobCount(server.db, kai.id)).toBe(0)
    } finally {
      await long.remove()
    }
  })

  it('makes a consistent-actor video from a face image for 2 credits', async () => {
    const dan = await createSignedInUser(server, { credits: 2 })
    const image = await gen.saveUpload(await copyToTemp(fixtures.imageFile), 'png', dan.id)
    const res = await gen.request('/api/fal/v1/imageToVideo', { token: dan.idToken, json: { prompt: 'waves hello', img_url: image, user_id: dan.id } })
    expect(res.status).toBe(200)
    const body = imageToVideoResponseSchema.parse(await res.json())
    expect(await balanceOf(server.db, dan.id)).toBe(0)
    const end = await waitForEnd(gen, { path: '/api/fal/v1/getImageToVideoResaults', json: { requestId: body.request_id }, token: dan.idToken })
    expect(end.status).toBe('completed')
    const minmax = galleryResponseSchema.parse(
      await (await gen.request('/api/fal/v1/getMinMaxGallery', { token: dan.idToken, json: { page: 1, limit: 16, userId: dan.id } })).json(),
    )
    expect(minmax.generations[0]).toMatchObject({ _id: body.request_id, prompt: 'waves hello', status: 'completed', aspectRatio: '9:16', resolution: '1080p' })
  })

  it.each([
    ['an empty prompt', { prompt: '   ' }],
    ['a seed above 999999', { seed: 1_000_000 }],
    ['a negative seed', { seed: -1 }],
    ['a fractional seed', { seed: 1.5 }],
    ['a seed that is not a number', { seed: 'abc' }],
    ['another aspect ratio', { aspect_ratio: '16:9' }],
    ['another resolution', { resolution: '720p' }],
    ['a missing user_id', { user_id: undefined }],
  ])('refuses %s with a clear 400 and changes nothing', async (_name, extra) => {
    const erin = await createSignedInUser(server, { credits: 5 })
    const res = await gen.request('/api/fal/v1/generate', { token: erin.idToken, json: ugcBody(erin, extra) })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) })
    expect(await balanceOf(server.db, erin.id)).toBe(500)
    expect(await jobCount(server.db, erin.id)).toBe(0)
  })

  it('refuses malformed JSON and bad lip-sync and image bodies with 400', async () => {
    const fay = await createSignedInUser(server, { credits: 5 })
    expect((await gen.request('/api/fal/v1/generate', { token: fay.idToken, body: '{"prompt":' })).status).toBe(400)
    const lipsync = { video_url: 'https://cdn.example/v.mp4', audio_url: 'https://cdn.example/a.mp3', user_id: fay.id, lipSyncModel: 'lipsync-1.8.0' }
    for (const bad of [
      { ...lipsync, audio_duraraion: 0 },
      { ...lipsync, audio_duraraion: 3, lipSyncModel: 'lipsync-2.0' },
      { ...lipsync, audio_duraraion: 3, audio_url: 'file:///etc/passwd' },
    ]) {
      expect((await gen.request('/api/fal/v1/lipsyncGenerate', { token: fay.idToken, json: bad })).status).toBe(400)
    }
    expect((await gen.request('/api/fal/v1/imageToVideo', { token: fay.idToken, json: { prompt: 'x', user_id: fay.id } })).status).toBe(400)
    expect(
      (await gen.request('/api/fal/v1/imageToVideo', { token: fay.idToken, json: { prompt: '', img_url: 'https://cdn.example/f.png', user_id: fay.id } }))
        .status,
    ).toBe(400)
    expect((await gen.request('/api/fal/v1/generatedVideo', { token: fay.idToken, json: {} })).status).toBe(400)
    expect((await gen.request('/api/fal/v1/gallery', { token: fay.idToken, json: { page: 0, userId: fay.id } })).status).toBe(400)
    expect((await gen.request('/api/fal/v1/gallery', { token: fay.idToken, json: { page: 1, limit: 11, userId: fay.id } })).status).toBe(400)
    expect(await balanceOf(server.db, fay.id)).toBe(500)
    expect(await jobCount(server.db, fay.id)).toBe(0)
  })

  it('needs a token on every call', async () => {
    for (const path of ['/generate', '/generatedVideo', '/lipsyncGenerate', '/imageToVideo', '/gallery', '/lipsyncGallery', '/getMinMaxGallery']) {
      const res = await gen.request(`/api/fal/v1${path}`, { json: {} })
      expect({ path, status: res.status }).toEqual({ path, status: 401 })
    }
  })

  it("refuses another user's ids: 403 for a start's user id, 404 for a request id or a gallery", async () => {
    const gus = await createSignedInUser(server, { credits: 5 })
    const hana = await createSignedInUser(server, { credits: 5 })
    expect((await gen.request('/api/fal/v1/generate', { token: hana.idToken, json: ugcBody(hana, { user_id: gus.id }) })).status).toBe(403)
    expect((await gen.request('/api/fal/v1/generate', { token: hana.idToken, json: ugcBody(hana, { user_email: gus.email }) })).status).toBe(403)
    // docs/quality.md: another user's gallery answers 404, as if it did not exist.
    for (const path of ['/gallery', '/lipsyncGallery', '/getMinMaxGallery']) {
      const res = await gen.request(`/api/fal/v1${path}`, { token: hana.idToken, json: { page: 1, userId: gus.id } })
      expect({ path, status: res.status }).toEqual({ path, status: 404 })
    }
    expect(await balanceOf(server.db, hana.id)).toBe(500)

    const started = await gen.request('/api/fal/v1/generate', { token: gus.idToken, json: ugcBody(gus) })
    const { requestId } = startResponseSchema.parse(await started.json())
    const peek = await gen.request('/api/fal/v1/generatedVideo', { token: hana.idToken, json: { request_id: requestId } })
    expect(peek.status).toBe(404)
    // A UGC id asked for as another kind is unknown too.
    expect((await gen.request('/api/fal/v1/lipsyncGeneratedVideo', { token: gus.idToken, json: { request_id: requestId } })).status).toBe(404)
    expect((await gen.request('/api/fal/v1/getImageToVideoResaults', { token: gus.idToken, json: { requestId: 'no-such-id' } })).status).toBe(404)
    await waitForEnd(gen, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId }, token: gus.idToken })
  })

  it('refuses a second generation while one runs (409) and a start without credits (402), changing nothing', async () => {
    const ivy = await createSignedInUser(server, { credits: 4 })
    // 10 s of video keeps the first job busy while the second call arrives.
    const first = await gen.request('/api/fal/v1/generate', { token: ivy.idToken, json: ugcBody(ivy, { duration: 10 }) })
    const { requestId } = startResponseSchema.parse(await first.json())
    const second = await gen.request('/api/fal/v1/imageToVideo', {
      token: ivy.idToken,
      json: { prompt: 'p', img_url: 'https://cdn.example/f.png', user_id: ivy.id },
    })
    expect(second.status).toBe(409)
    expect(await second.json()).toEqual({ code: 'generation_in_progress', message: GENERATION_MESSAGES.oneTimeGenerate })
    expect(await balanceOf(server.db, ivy.id)).toBe(225)
    await waitForEnd(gen, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId }, token: ivy.idToken })

    const poor = await createSignedInUser(server, { credits: 1.74 })
    const refused = await gen.request('/api/fal/v1/generate', { token: poor.idToken, json: ugcBody(poor) })
    expect(refused.status).toBe(402)
    expect(await refused.json()).toEqual({ code: 'insufficient_credits', message: GENERATION_MESSAGES.notEnoughToken })
    expect(await balanceOf(server.db, poor.id)).toBe(174)
    expect(await jobCount(server.db, poor.id)).toBe(0)
  })

  it('lets only the demo account use the demo calls, free of charge, with the spec’s `seeds` field', async () => {
    const demo = await createSignedInUser(server, { email: demoEmail })
    const res = await gen.request('/api/fal/v1/demoUGCGenerate', { token: demo.idToken, json: { ...ugcBody(demo), seed: undefined, seeds: 77 } })
    expect(res.status).toBe(200)
    const { requestId } = startResponseSchema.parse(await res.json())
    expect(await balanceOf(server.db, demo.id)).toBe(0)
    await waitForEnd(gen, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId }, token: demo.idToken })
    const gallery = galleryResponseSchema.parse(await (await gen.request('/api/fal/v1/gallery', { token: demo.idToken, json: { userId: demo.id } })).json())
    expect(gallery.generations[0]?.parameters.seed).toBe(77)

    const jack = await createSignedInUser(server, { credits: 5 })
    expect((await gen.request('/api/fal/v1/demoUGCGenerate', { token: jack.idToken, json: ugcBody(jack) })).status).toBe(403)
    const lipsync = {
      video_url: 'https://cdn.example/v.mp4',
      audio_url: 'https://cdn.example/a.mp3',
      user_id: jack.id,
      audio_duraraion: 2,
      lipSyncModel: 'lipsync-1.8.0',
    }
    expect((await gen.request('/api/fal/v1/demoLypSyncGenerate', { token: jack.idToken, json: lipsync })).status).toBe(403)
    expect(await balanceOf(server.db, jack.id)).toBe(500)
  })
})
