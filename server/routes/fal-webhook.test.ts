import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { imageToVideoResponseSchema, startResponseSchema } from '../../contract/generations.ts'
import { freePort } from '../emulators/emulator-process.ts'
import { findJob } from '../domain/generations-jobs.ts'
import type { JobRow } from '../db/schema-generations.ts'
import { mediaOwner } from '../media/catalog.ts'
import type { FakeFalRequest, FakeFalServer } from '../providers/fal/testing/fake-fal-server.ts'
import { DEFAULT_FAL_MODELS } from '../providers/fal/model-families.ts'
import { createGenerationTestApp, type GenerationTestApp } from '../testing/generation-app.ts'
import { test } from '../testing/fixtures.ts'
import { balanceOf, ledgerKeysOf, ugcRequest, until } from '../testing/job-helpers.ts'
import { createSignedInUser, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { FAKE_FAL_KEY, falEnv } from '../testing/stacks.ts'

// fal's webhook (docs/decisions/0211): signed as fal documents (ED25519 over
// request id, user id, timestamp and the body's hash; keys from a JWKS — here
// the fake's test key). It completes a job without waiting for the poll; the
// same delivery five times at once and replayed completes it once; a failure
// refunds once; a bad signature changes nothing.

const ugcBody = (user: TestUser) => ugcRequest(user, { prompt: 'A florist ties a bouquet' })
/** What ends a job here ends it within seconds: the fallback poll is a minute away. */
const WITHIN_MS = 20_000

const ended = (row: JobRow | undefined): boolean => row?.status === 'completed' || row?.status === 'failed'

describe.each(testDatabases)('fal webhooks on %s', (database) => {
  let server: TestServer
  let fake: FakeFalServer
  let app: GenerationTestApp
  let origin: string

  test.beforeAll(async ({ falQueue }) => {
    ;({ server, fake } = await falQueue(database))
    const port = await freePort()
    app = await createGenerationTestApp(server, {
      // The fallback poll is a minute away: whatever ends a job here within seconds is the webhook.
      env: { ...falEnv(fake), GENERATION_POLL_INTERVAL_MS: '60000' },
      falWebhook: { url: `http://127.0.0.1:${port}/api/fal/v1/webhook`, jwksUrl: fake.jwksUrl },
    })
    origin = await app.listen(port)
  })
  afterAll(async () => {
    await app.close()
  })

  /** Starts a fal job with the script; answers our job and fal's request once a worker holds it. */
  async function start(user: TestUser, script: Parameters<FakeFalServer['nextScript']>[0]): Promise<{ jobId: string; fal: FakeFalRequest }> {
    fake.nextScript(script)
    const res = await app.request('/api/fal/v1/generate', { token: user.idToken, json: ugcBody(user) })
    expect(res.status).toBe(200)
    const { requestId: jobId } = startResponseSchema.parse(await res.json())
    const row = await until(
      () => findJob(server.db, jobId),
      (job) => job?.status === 'running',
      'a worker to ask fal once',
      WITHIN_MS,
    )
    const fal = fake.requests.find((request) => request.id === row?.provider_request_id)
    if (fal === undefined) throw new Error('fal never saw the job')
    return { jobId, fal }
  }

  async function completedEvents(jobId: string): Promise<number> {
    const rows = await server.db.selectFrom('job_events').select('body').where('job_id', '=', jobId).execute()
    return rows.filter((row) => row.body.includes('"status":"completed"')).length
  }

  const savedVideos = async (): Promise<number> => (await readdir(path.join(server.dataDir, 'media'))).filter((name) => name.endsWith('.mp4')).length

  it('submits with our webhook URL, and fal’s own delivery completes the job long before the next poll', async () => {
    const ana = await createSignedInUser(server, { credits: 2 })
    const { jobId, fal } = await start(ana, { completeAfterMs: 300 })
    expect(fal.webhookUrl).toBe(`${origin}/api/fal/v1/webhook`)
    const row = await until(() => findJob(server.db, jobId), ended, 'the webhook to complete the job', 10_000)
    expect(row).toMatchObject({ status: 'completed', provider_result_url: `${fake.url}/files/${fal.id}.mp4` })
    expect(fal.webhookAnswers.at(-1)).toBe(200)
    expect(fal.downloads).toBe(1)
    // A fal result copied home gets its poster frame like a local render (docs/decisions/0163).
    expect(row?.thumbnail_url).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/)
    expect(row?.output_duration_ms).toBeGreaterThan(0)
    expect(await mediaOwner(server.db, row?.thumbnail_url?.slice('/media/'.length) ?? '')).toBe(ana.id)
    expect(await balanceOf(server.db, ana.id)).toBe(25)
  })

  it('completes the job once when the same webhook arrives five times at once and again later', async () => {
    const ben = await createSignedInUser(server, { credits: 2 })
    const { jobId, fal } = await start(ben, { holdWebhook: true, runningPolls: 1_000_000 })
    const videosBefore = await savedVideos()
    const answers = await Promise.all(Array.from({ length: 5 }, () => fake.sendWebhook(fal.id)))
    expect(answers).toEqual([200, 200, 200, 200, 200])
    const row = await until(() => findJob(server.db, jobId), ended, 'the job to complete', WITHIN_MS)
    expect(row?.status).toBe('completed')
    expect(await fake.sendWebhook(fal.id)).toBe(200)
    expect(await fake.sendWebhook(fal.id)).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(fal.downloads).toBe(1)
    expect(await savedVideos()).toBe(videosBefore + 1)
    expect(await completedEvents(jobId)).toBe(1)
    expect((await findJob(server.db, jobId))?.output_url).toBe(row?.output_url)
    expect(await balanceOf(server.db, ben.id)).toBe(25)
    expect((await ledgerKeysOf(server.db, ben.id)).filter((key) => key.startsWith(`job:${jobId}`))).toEqual([`job:${jobId}:hold`])
  })

  it('fails and refunds once when fal’s webhook reports an error, however often it arrives', async () => {
    const cleo = await createSignedInUser(server, { credits: 2 })
    const { jobId, fal } = await start(cleo, { holdWebhook: true, runningPolls: 1_000_000, failure: { via: 'result-error', httpStatus: 422 } })
    const answers = await Promise.all(Array.from({ length: 5 }, () => fake.sendWebhook(fal.id)))
    expect(answers).toEqual([200, 200, 200, 200, 200])
    expect(await findJob(server.db, jobId)).toMatchObject({ status: 'failed' })
    expect(await fake.sendWebhook(fal.id)).toBe(200)
    expect(await balanceOf(server.db, cleo.id)).toBe(200)
    expect((await ledgerKeysOf(server.db, cleo.id)).filter((key) => key === `job:${jobId}:refund`)).toHaveLength(1)
    expect(fal.downloads).toBe(0)
  })

  it('refuses a forged, altered, stale or unsigned delivery with 400 and changes nothing', async () => {
    const dora = await createSignedInUser(server, { credits: 2 })
    const { jobId, fal } = await start(dora, { holdWebhook: true, runningPolls: 1_000_000 })
    const before = await findJob(server.db, jobId)
    const eventsBefore = await server.db.selectFrom('job_events').select('id').where('job_id', '=', jobId).execute()
    expect(await fake.sendWebhook(fal.id, { foreignKey: true })).toBe(400)
    expect(await fake.sendWebhook(fal.id, { tamperBody: true })).toBe(400)
    expect(await fake.sendWebhook(fal.id, { timestampOffsetSeconds: -400 })).toBe(400)
    expect(await fake.sendWebhook(fal.id, { timestampOffsetSeconds: 400 })).toBe(400)
    const unsigned = await fetch(`${origin}/api/fal/v1/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: fal.id, status: 'OK', payload: { video: { url: `${fake.url}/files/${fal.id}.mp4` } } }),
    })
    expect(unsigned.status).toBe(400)
    expect(await unsigned.json()).toMatchObject({ code: 'webhook_signature_invalid' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await findJob(server.db, jobId)).toEqual(before)
    expect(await server.db.selectFrom('job_events').select('id').where('job_id', '=', jobId).execute()).toEqual(eventsBefore)
    expect(fal.downloads).toBe(0)
    expect(await balanceOf(server.db, dora.id)).toBe(25)
    // The genuine delivery still completes it.
    expect(await fake.sendWebhook(fal.id)).toBe(200)
    expect((await until(() => findJob(server.db, jobId), ended, 'the job to complete', WITHIN_MS))?.status).toBe('completed')
  })

  it('answers 404 for a request we do not know, so fal delivers it again', async () => {
    const input = { prompt: 'x', aspect_ratio: '9:16', resolution: '1080p', duration: '5', seed: 1 }
    const submitted = await fetch(`${fake.url}/${DEFAULT_FAL_MODELS.ugc}?fal_webhook=${encodeURIComponent(`${origin}/api/fal/v1/webhook`)}`, {
      method: 'POST',
      headers: { authorization: `Key ${FAKE_FAL_KEY}` },
      body: JSON.stringify(input),
    })
    const { request_id: stranger } = imageToVideoResponseSchema.parse(await submitted.json())
    expect(await fake.sendWebhook(stranger)).toBe(404)
  })
})
