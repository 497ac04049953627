import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SEED_MAX, SEED_MIN } from '../../contract/constants.ts'
import { galleryResponseSchema } from '../../contract/gallery.ts'
import { GENERATION_MESSAGES, startResponseSchema } from '../../contract/generations.ts'
import type { FakeFalServer } from '../providers/fal/testing/fake-fal-server.ts'
import type { GenerationTestApp } from '../testing/generation-app.ts'
import { makeClip, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { test } from '../testing/fixtures.ts'
import { balanceOf, jobCount, ledgerKeysOf, ugcRequest, waitForEnd } from '../testing/job-helpers.ts'
import { createSignedInUser, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'

// With GENERATION_PROVIDER=fal, a UGC start through the API asks fal for
// exactly what the user chose (spec §3/§9), through the real @fal-ai/client
// and against the fake queue that refuses anything fal's schema refuses; a
// result of another shape or length is failed and refunded (decision 0231).

const ugcBody = (user: TestUser, fields: Record<string, unknown> = {}) =>
  ugcRequest(user, { prompt: 'A founder talks to the camera about her app', duration: '5', ...fields })

describe.each(testDatabases)('UGC on fal on %s', (database) => {
  let server: TestServer
  let fal: GenerationTestApp
  let fake: FakeFalServer
  let fixtures: MediaFixtures

  test.beforeAll(async ({ falStack }) => {
    ;({ server, fal, fake, fixtures } = await falStack(database))
  })

  async function start(user: TestUser, fields: Record<string, unknown> = {}): Promise<string> {
    const res = await fal.request('/api/fal/v1/generate', { token: user.idToken, json: ugcBody(user, fields) })
    expect(res.status).toBe(200)
    return startResponseSchema.parse(await res.json()).requestId
  }

  async function galleryItem(user: TestUser, jobId: string) {
    const res = await fal.request('/api/fal/v1/gallery', { token: user.idToken, json: { page: 1, userId: user.id } })
    return galleryResponseSchema.parse(await res.json()).generations.find((item) => item._id === jobId)
  }

  it('sends 9:16, 1080p, 5 s and the user’s seed, and the gallery shows them', async () => {
    const ana = await createSignedInUser(server, { credits: 2 })
    const jobId = await start(ana, { seed: '123456' })
    expect(fake.requests.at(-1)?.input).toEqual({
      prompt: 'A founder talks to the camera about her app',
      aspect_ratio: '9:16',
      resolution: '1080p',
      duration: '5',
      seed: 123_456,
    })
    const end = await waitForEnd(fal, { path: '/api/fal/v1/generatedVideo', json: { request_id: jobId }, token: ana.idToken })
    expect(end.status).toBe('completed')
    expect(await galleryItem(ana, jobId)).toMatchObject({
      parameters: { seed: 123_456, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' },
      aspectRatio: '9:16',
      resolution: '1080p',
      status: 'completed',
    })
  })

  it('sends a random seed in range for a blank one, and stores that seed', async () => {
    const ben = await createSignedInUser(server, { credits: 2 })
    const jobId = await start(ben, { seed: '' })
    const sent = fake.requests.at(-1)?.input
    const seed = typeof sent === 'object' && sent !== null && 'seed' in sent ? sent.seed : undefined
    expect(Number.isInteger(seed)).toBe(true)
    expect(seed).toBeGreaterThanOrEqual(SEED_MIN)
    expect(seed).toBeLessThanOrEqual(SEED_MAX)
    expect((await galleryItem(ben, jobId))?.parameters.seed).toBe(seed)
    await waitForEnd(fal, { path: '/api/fal/v1/generatedVideo', json: { request_id: jobId }, token: ben.idToken })
  })

  it('refuses a duration the model does not offer with a clear message, charging and sending nothing', async () => {
    const cy = await createSignedInUser(server, { credits: 2 })
    const sent = fake.requests.length
    const res = await fal.request('/api/fal/v1/generate', { token: cy.idToken, json: ugcBody(cy, { duration: 1 }) })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'validation_failed', message: expect.stringMatching(/makes clips of 2, 3, .* 12 seconds; 1 s cannot be made/) })
    expect(await balanceOf(server.db, cy.id)).toBe(200)
    expect(await jobCount(server.db, cy.id)).toBe(0)
    expect(fake.requests.length).toBe(sent)
  })

  it.each([
    ['landscape', { width: 1920, height: 1080, seconds: 5 }],
    ['too long', { width: 1080, height: 1920, seconds: 9 }],
  ])('fails and refunds once a result that is %s, storing no video', async (_name, shape) => {
    const dee = await createSignedInUser(server, { credits: 2 })
    fake.nextScript({ resultFile: await makeClip(shape, path.join(fixtures.dir, `wrong-${shape.width}-${shape.seconds}.mp4`)) })
    const jobId = await start(dee)
    const end = await waitForEnd(fal, { path: '/api/fal/v1/generatedVideo', json: { request_id: jobId }, token: dee.idToken })
    expect(end).toMatchObject({ status: 'failed', outputUrl: null, error: GENERATION_MESSAGES.failedToGenerate })
    expect(await balanceOf(server.db, dee.id)).toBe(200)
    expect((await ledgerKeysOf(server.db, dee.id)).filter((key) => key === `job:${jobId}:refund`)).toHaveLength(1)
    expect(await galleryItem(dee, jobId)).toMatchObject({ status: 'failed', outputUrl: null })
  })

  it('asks the higher tier for pro_mode and charges its price', async () => {
    const eve = await createSignedInUser(server, { credits: 2 })
    const jobId = await start(eve, { pro_mode: true, seed: 7 })
    expect(fake.requests.at(-1)).toMatchObject({ app: 'fal-ai/bytedance', path: 'seedance/v1/pro/text-to-video', ignoredFields: [] })
    expect(await balanceOf(server.db, eve.id)).toBe(0)
    await waitForEnd(fal, { path: '/api/fal/v1/generatedVideo', json: { request_id: jobId }, token: eve.idToken })
  })
})
