import { afterAll, describe, expect, it } from 'vitest'
import { GENERATION_MESSAGES, imageToVideoResponseSchema, startResponseSchema } from '../../contract/generations.ts'
import type { FakeFalServer } from '../providers/fal/testing/fake-fal-server.ts'
import { DEFAULT_FAL_MODELS } from '../providers/fal/model-families.ts'
import { JOB_LIMITS, type JobLimits } from '../providers/job-limits.ts'
import { createGenerationTestApp, type GenerationTestApp } from '../testing/generation-app.ts'
import { galleryResponseSchema } from '../../contract/gallery.ts'
import { copyToTemp, createMediaFixtures } from '../providers/testing/fixtures.ts'
import { test } from '../testing/fixtures.ts'
import { balanceOf, ledgerKeysOf, ugcRequest, until, waitForEnd } from '../testing/job-helpers.ts'
import { FAKE_FAL_KEY, falEnv } from '../testing/stacks.ts'
import { createSignedInUser, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { findJob, insertJob } from './generations-jobs.ts'
import { sweepExpiredJobs } from '../jobs/job-sweeper.ts'
import { createLogger } from '../logger.ts'

// decision 0075: no job holds credits forever. A result that can never be
// downloaded, too many errors in a row and a missed deadline each fail the job
// and refund it once; a hung provider call never holds a status poll; a
// worker fails (with a refund) a job it cannot work and goes on with the
// others; the sweep ends what nobody can (docs/decisions/0210).

const ugcBody = (user: TestUser) => ugcRequest(user, { prompt: 'A baker shows the bread' })

async function startUgc(app: GenerationTestApp, user: TestUser): Promise<string> {
  const res = await app.request('/api/fal/v1/generate', { token: user.idToken, json: ugcBody(user) })
  expect(res.status).toBe(200)
  return startResponseSchema.parse(await res.json()).requestId
}

describe.each(testDatabases)('job limits on %s', (database) => {
  let server: TestServer
  let fake: FakeFalServer
  const apps: GenerationTestApp[] = []

  /** Every worker shares the database: a test's limits hold only when no other test's worker is left running. */
  async function closeApps(): Promise<void> {
    for (const app of apps.splice(0)) await app.close()
  }

  async function falApp(limits: Partial<JobLimits> = {}, env: Record<string, string> = {}): Promise<GenerationTestApp> {
    await closeApps()
    const app = await createGenerationTestApp(server, { env: { ...falEnv(fake), ...env }, limits })
    apps.push(app)
    return app
  }

  /** A submission made by "another instance": straight to the fake queue. */
  async function submitToFake(): Promise<string> {
    const input = { prompt: 'x', aspect_ratio: '9:16', resolution: '1080p', duration: '5', seed: 1 }
    const submitted = await fetch(`${fake.url}/${DEFAULT_FAL_MODELS.ugc}`, {
      method: 'POST',
      headers: { authorization: `Key ${FAKE_FAL_KEY}` },
      body: JSON.stringify(input),
    })
    const body = imageToVideoResponseSchema.parse(await submitted.json())
    return body.request_id
  }

  async function expectRefundedOnce(user: TestUser, jobId: string, balance: number): Promise<void> {
    expect(await balanceOf(server.db, user.id)).toBe(balance)
    expect((await ledgerKeysOf(server.db, user.id)).filter((key) => key === `job:${jobId}:refund`)).toHaveLength(1)
  }

  test.beforeAll(async ({ falQueue }) => {
    ;({ server, fake } = await falQueue(database))
  })
  afterAll(async () => {
    await closeApps()
  })

  it('fails and refunds a fal job whose finished video cannot be downloaded (403)', async () => {
    const app = await falApp()
    const ada = await createSignedInUser(server, { credits: 2 })
    fake.nextScript({ resultFileStatus: 403 })
    const jobId = await startUgc(app, ada)
    const end = await waitForEnd(app, { path: '/api/fal/v1/generatedVideo', json: { request_id: jobId }, token: ada.idToken }, 20_000)
    expect(end).toMatchObject({ status: 'failed', error: GENERATION_MESSAGES.failedToGenerate })
    await expectRefundedOnce(ada, jobId, 200)
  })

  it('fails and refunds a fal job after too many status errors in a row (hung calls cut by the call timeout)', async () => {
    const app = await falApp({ maxConsecutiveStatusErrors: 3, falCallTimeoutMs: 200 })
    const bo = await createSignedInUser(server, { credits: 2 })
    fake.nextScript({ statusDelayMs: 1_000 })
    const jobId = await startUgc(app, bo)
    // Nobody polls: the worker alone ends it.
    const row = await until(
      () => findJob(server.db, jobId),
      (job) => job?.status !== 'queued',
      'the job to fail',
    )
    expect(row?.status).toBe('failed')
    await expectRefundedOnce(bo, jobId, 200)
  })

  it('fails and refunds a fal job that outlives its deadline, even while fal keeps it queued', async () => {
    const app = await falApp({ falMaxAgeMs: 1_500 })
    const cy = await createSignedInUser(server, { credits: 2 })
    fake.nextScript({ queuedPolls: 100_000 })
    const jobId = await startUgc(app, cy)
    const row = await until(
      () => findJob(server.db, jobId),
      (job) => job?.status !== 'queued',
      'the deadline',
    )
    expect(row?.status).toBe('failed')
    await expectRefundedOnce(cy, jobId, 200)
  })

  it('answers a status poll from the job row while a fal call hangs', async () => {
    const app = await falApp()
    const di = await createSignedInUser(server, { credits: 2 })
    fake.nextScript({ statusDelayMs: 3_000 })
    const jobId = await startUgc(app, di)
    await until(
      async () => fake.pendingStatusCalls(),
      (count) => count > 0,
      'a worker to ask fal',
    )
    const res = await app.request('/api/fal/v1/generatedVideo', { token: di.idToken, json: { request_id: jobId } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'queued' })
    // The answer came while fal's answer was still outstanding.
    expect(fake.pendingStatusCalls()).toBeGreaterThan(0)
    await waitForEnd(app, { path: '/api/fal/v1/generatedVideo', json: { request_id: jobId }, token: di.idToken }, 30_000)
  })

  it('fails and refunds a job whose parameters cannot be read, and works the next one', async () => {
    const ed = await createSignedInUser(server, { credits: 5 })
    const broken = await insertJob(server.db, {
      userId: ed.id,
      provider: 'fal',
      params: {
        input: { kind: 'ugc', prompt: 'x', seed: 1, durationSeconds: 5, enhanced: false },
        settings: { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' },
        demo: false,
      },
      prompt: 'x',
      costHundredths: 175,
    })
    await server.db.updateTable('generations').set({ params: '{not json', provider_request_id: 'gone' }).where('id', '=', broken.id).execute()
    const fi = await createSignedInUser(server, { credits: 2 })
    const fine = await insertJob(server.db, {
      userId: fi.id,
      provider: 'fal',
      params: {
        input: { kind: 'ugc', prompt: 'y', seed: 1, durationSeconds: 5, enhanced: false },
        settings: { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' },
        demo: false,
      },
      prompt: 'y',
      costHundredths: 175,
    })
    const falRequestId = await submitToFake()
    await server.db.updateTable('generations').set({ provider_request_id: falRequestId }).where('id', '=', fine.id).execute()

    await falApp()
    const failed = await until(
      () => findJob(server.db, broken.id),
      (row) => row?.status === 'failed',
      'the unreadable job to fail',
    )
    expect(failed?.error).toBe(GENERATION_MESSAGES.failedToGenerate)
    await expectRefundedOnce(ed, broken.id, 500)
    expect(
      (
        await until(
          () => findJob(server.db, fine.id),
          (row) => row?.status === 'completed',
          'the readable job to finish',
        )
      )?.claims,
    ).toBe(1)
  })

  it('leaves a fresh fal start without a request id to the instance submitting it; the sweep fails an old one', async () => {
    const app = await falApp()
    const params = {
      input: { kind: 'ugc' as const, prompt: 'z', seed: 1, durationSeconds: 5, enhanced: false },
      settings: { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' },
      demo: false,
    }
    const gil = await createSignedInUser(server, { credits: 2 })
    const fresh = await insertJob(server.db, { userId: gil.id, provider: 'fal', params, prompt: 'z', costHundredths: 175 })
    const hal = await createSignedInUser(server, { credits: 2 })
    const stale = await insertJob(server.db, { userId: hal.id, provider: 'fal', params, prompt: 'z', costHundredths: 175 })
    const longAgo = new Date(Date.now() - 2 * JOB_LIMITS.falCallTimeoutMs - 1_000).toISOString()
    await server.db.updateTable('generations').set({ created_at: longAgo }).where('id', '=', stale.id).execute()

    await sweepExpiredJobs(server.db, createLogger('silent'), JOB_LIMITS)
    expect((await findJob(server.db, stale.id))?.status).toBe('failed')
    await expectRefundedOnce(hal, stale.id, 200)
    expect((await findJob(server.db, fresh.id))?.status).toBe('queued')
    // No worker took it: it has no request id yet.
    expect((await findJob(server.db, fresh.id))?.claims).toBe(0)
    expect(await balanceOf(server.db, gil.id)).toBe(25)
    // The other instance's submit lands: a worker follows it to the end.
    const falRequestId = await submitToFake()
    await server.db.updateTable('generations').set({ provider_request_id: falRequestId }).where('id', '=', fresh.id).execute()
    await until(
      () => findJob(server.db, fresh.id),
      (row) => row?.status === 'completed',
      'the fresh job to finish',
    )
    expect(app.worker).not.toBeNull()
  })

  it('renders a local job once however many workers run, and any instance answers its status', async () => {
    await closeApps()
    const first = await createGenerationTestApp(server)
    const second = await createGenerationTestApp(server)
    const statusOnly = await createGenerationTestApp(server, { worker: false })
    apps.push(first, second, statusOnly)
    const ivo = await createSignedInUser(server, { credits: 2 })
    const res = await first.request('/api/fal/v1/generate', { token: ivo.idToken, json: { ...ugcBody(ivo), duration: 3 } })
    const { requestId } = startResponseSchema.parse(await res.json())
    const seen = await waitForEnd(statusOnly, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId }, token: ivo.idToken })
    expect(seen.status).toBe('completed')
    expect((await findJob(server.db, requestId))?.claims).toBe(1)
    expect(await balanceOf(server.db, ivo.id)).toBe(25)
  })

  it('fails and refunds a job past its deadline in an instance with no worker at all (the sweep)', async () => {
    await closeApps()
    const lonely = await createGenerationTestApp(server, {
      worker: false,
      limits: { localBaseMs: 300, localMsPerClipSecond: 0, falMaxAgeMs: 300, falCallTimeoutMs: 150 },
    })
    apps.push(lonely)
    const uma = await createSignedInUser(server, { credits: 2 })
    const jobId = await startUgc(lonely, uma)
    const row = await until(
      () => findJob(server.db, jobId),
      (job) => job?.status === 'failed',
      'the sweep',
    )
    expect(row?.claims).toBe(0)
    await expectRefundedOnce(uma, jobId, 200)
  })

  it('measures fal lip-sync audio before charging: 400 and no charge when it is longer than audio_duraraion', async () => {
    const app = await falApp()
    const long = await createMediaFixtures({ audioSeconds: 65 })
    try {
      const jo = await createSignedInUser(server, { credits: 10 })
      const audio = await app.saveUpload(await copyToTemp(long.audioFile), 'wav', jo.id)
      const body = { video_url: 'https://cdn.example/v.mp4', audio_url: audio, user_id: jo.id, audio_duraraion: 1.5, lipSyncModel: 'lipsync-1.8.0' }
      const submitted = fake.requests.length
      const res = await app.request('/api/fal/v1/lipsyncGenerate', { token: jo.idToken, json: body })
      expect(res.status).toBe(400)
      expect(await balanceOf(server.db, jo.id)).toBe(1000)
      expect(fake.requests.length).toBe(submitted)
      // Claiming the minutes it really lasts is charged for them.
      const paid = await app.request('/api/fal/v1/lipsyncGenerate', { token: jo.idToken, json: { ...body, audio_duraraion: 65 } })
      expect(paid.status).toBe(200)
      expect(await balanceOf(server.db, jo.id)).toBe(1000 - 470)
      const { requestId } = startResponseSchema.parse(await paid.json())
      await waitForEnd(app, { path: '/api/fal/v1/lipsyncGeneratedVideo', json: { request_id: requestId }, token: jo.idToken }, 20_000)
    } finally {
      await long.remove()
    }
  })

  it('records the format fal really renders: the subject-reference model makes 16:9 720p', async () => {
    const app = await falApp({}, { FAL_CONSISTENT_MODEL: 'fal-ai/minimax/video-01-subject-reference' })
    const kim = await createSignedInUser(server, { credits: 2 })
    const res = await app.request('/api/fal/v1/imageToVideo', {
      token: kim.idToken,
      json: { prompt: 'nods', img_url: 'https://cdn.example/f.png', user_id: kim.id },
    })
    const { request_id: jobId } = imageToVideoResponseSchema.parse(await res.json())
    await waitForEnd(app, { path: '/api/fal/v1/getImageToVideoResaults', json: { requestId: jobId }, token: kim.idToken }, 20_000)
    const minmax = galleryResponseSchema.parse(
      await (await app.request('/api/fal/v1/getMinMaxGallery', { token: kim.idToken, json: { page: 1, userId: kim.id } })).json(),
    )
    expect(minmax.generations[0]).toMatchObject({ _id: jobId, aspectRatio: '16:9', resolution: '720p' })
  })
})
