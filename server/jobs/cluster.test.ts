import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { imageToVideoResponseSchema, startResponseSchema, type StatusResponse, statusResponseSchema } from '../../contract/generations.ts'
import { jobEventSchema } from '../../contract/job-events.ts'
import { freePort } from '../emulators/emulator-process.ts'
import { findJob } from '../domain/generations-jobs.ts'
import type { FakeFalServer } from '../providers/fal/testing/fake-fal-server.ts'
import { test } from '../testing/fixtures.ts'
import { balanceOf, ledgerKeysOf, ugcRequest } from '../testing/job-helpers.ts'
import { authEmulatorHost, createSignedInUser, type TestServer, type TestUser } from '../testing/harness.ts'
import { serverProcesses } from '../testing/processes.ts'
import { openEventStream } from '../testing/sse.ts'
import { FAKE_FAL_KEY } from '../testing/stacks.ts'

// More than one server (docs/decisions/0210–0212): two API processes and two
// worker processes on one PostgreSQL. 60 jobs started through both instances
// — local renders through one, fal (the fake, completing by its signed
// webhooks) through the other, status read through the other one — each end
// once: every job claimed by exactly one worker once, every result rendered
// or downloaded once, charged once, each failure refunded once, and every
// balance equal to its ledger.

// A local job's deadline counts its wait in the queue (decision 0075): 70 s for a 1 s clip. Two workers
// rendering one at a time get through 10 clips well within it even while CI runs other suites beside
// this one (20 did not: under that load a queued clip could wait past its deadline).
const LOCAL_RENDERS = 10
const LOCAL_FAILURES = 5
const FAL_JOBS = 45
const FAL_FAILURES = 6

async function post(origin: string, route: string, user: TestUser, json: unknown): Promise<Response> {
  return fetch(`${origin}/api/fal/v1${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  })
}

const listening = (output: string): boolean => output.includes('"msg":"listening"')
const working = (output: string): boolean => /^worker \S+/m.test(output)

/** 1 s local renders keep the test short; fal's default model offers 5 s (the fake's result is a 5 s clip). */
const ugc = (user: TestUser, duration: number) => ugcRequest(user, { prompt: 'A runner ties her shoes', duration })

interface StartedJob {
  user: TestUser
  jobId: string
  /** The instance the status is read through: not the one that started it. */
  statusOrigin: string
  statusRoute: string
}

describe.runIf(process.env.TEST_DATABASE_URL)('two API instances and two workers on one PostgreSQL', () => {
  const processes = serverProcesses()
  let server: TestServer
  let fake: FakeFalServer
  let tmp: string
  let localApi: string
  let falApi: string

  test.beforeAll(async ({ falQueue }) => {
    ;({ server, fake } = await falQueue('postgres', { defaultScript: { completeAfterMs: 1_000 } }))
    tmp = await mkdtemp(path.join(os.tmpdir(), 'actorly-cluster-test-'))
    const [portA, portB] = [await freePort(), await freePort()]
    localApi = `http://127.0.0.1:${portA}`
    falApi = `http://127.0.0.1:${portB}`
    const database = server.config.database
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      DATABASE_URL: database.kind === 'postgres' ? database.url : '',
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
      FIREBASE_PROJECT_ID: server.config.firebase.projectId,
      FAL_KEY: FAKE_FAL_KEY,
      FAL_QUEUE_URL: fake.url,
      // fal delivers every webhook to the instance that did not submit the job.
      FAL_WEBHOOK_URL: `${localApi}/api/fal/v1/webhook`,
      FAL_WEBHOOK_JWKS_URL: fake.jwksUrl,
      GENERATION_POLL_INTERVAL_MS: '2000',
      JOB_LEASE_SECONDS: '10',
      WORKER_POLL_MS: '200',
      TMPDIR: tmp,
    }
    await Promise.all([
      processes.start('server/main.ts', { ...env, LOG_LEVEL: 'info', PORT: String(portA), GENERATION_PROVIDER: 'local' }, listening),
      processes.start('server/main.ts', { ...env, LOG_LEVEL: 'info', PORT: String(portB), GENERATION_PROVIDER: 'fal' }, listening),
      processes.start('server/testing/worker.child.ts', env, working),
      processes.start('server/testing/worker.child.ts', env, working),
    ])
  }, 120_000)
  afterAll(async () => {
    await processes.stopAll()
    await rm(tmp, { recursive: true, force: true })
  })

  it('runs 60 jobs through both instances: each worked, rendered or downloaded, charged and refunded once', async () => {
    const users = await Promise.all(Array.from({ length: LOCAL_RENDERS + LOCAL_FAILURES + FAL_JOBS }, () => createSignedInUser(server, { credits: 3 })))
    for (let i = 0; i < FAL_FAILURES; i += 1) fake.nextScript({ completeAfterMs: 800, failure: { via: 'result-error', httpStatus: 422 } })
    // One page watches its job's events on the other instance.
    const watcher = users[0]
    if (watcher === undefined) throw new Error('no users')
    const events = await openEventStream(`${falApi}/api/fal/v1/events`, { authorization: `Bearer ${watcher.idToken}` })
    await events.next((event) => event.event === 'ready')

    const started: StartedJob[] = await Promise.all(
      users.map(async (user, index): Promise<StartedJob> => {
        if (index < LOCAL_RENDERS) {
          const res = await post(localApi, '/generate', user, ugc(user, 1))
          return { user, jobId: startResponseSchema.parse(await res.json()).requestId, statusOrigin: falApi, statusRoute: '/generatedVideo' }
        }
        if (index < LOCAL_RENDERS + LOCAL_FAILURES) {
          // The worker may not fetch a private address: the render fails and is refunded.
          const res = await post(localApi, '/imageToVideo', user, { prompt: 'waves', img_url: 'https://127.0.0.1/face.png', user_id: user.id })
          const body = imageToVideoResponseSchema.parse(await res.json())
          return { user, jobId: body.request_id, statusOrigin: falApi, statusRoute: '/getImageToVideoResaults' }
        }
        const res = await post(falApi, '/generate', user, ugc(user, 5))
        return { user, jobId: startResponseSchema.parse(await res.json()).requestId, statusOrigin: localApi, statusRoute: '/generatedVideo' }
      }),
    )

    const ends = await Promise.all(
      started.map(async (job): Promise<StatusResponse> => {
        const deadline = Date.now() + 240_000
        const body = job.statusRoute === '/getImageToVideoResaults' ? { requestId: job.jobId } : { request_id: job.jobId }
        while (Date.now() < deadline) {
          const status = statusResponseSchema.parse(await (await post(job.statusOrigin, job.statusRoute, job.user, body)).json())
          if (status.status === 'completed' || status.status === 'failed') return status
          await new Promise((resolve) => setTimeout(resolve, 500))
        }
        throw new Error(`job ${job.jobId} did not end`)
      }),
    )
    const completed = ends.filter((end) => end.status === 'completed').length
    expect(completed).toBe(LOCAL_RENDERS + FAL_JOBS - FAL_FAILURES)
    expect(ends.slice(LOCAL_RENDERS, LOCAL_RENDERS + LOCAL_FAILURES).every((end) => end.status === 'failed')).toBe(true)

    // The watcher's page heard its job end within a second of the worker recording it.
    const watched = started[0]
    const heard = await events.next((event) => event.event === 'job' && jobEventSchema.parse(JSON.parse(event.data)).status.status === 'completed')
    events.close()
    const watchedRow = await findJob(server.db, watched?.jobId ?? '')
    expect(heard.at - Date.parse(watchedRow?.updated_at ?? '')).toBeLessThan(1000)

    // Worked once: one claim each, by one worker.
    const rows = await server.db
      .selectFrom('generations')
      .select(['id', 'claims', 'status', 'provider', 'provider_request_id', 'output_url'])
      .where(
        'id',
        'in',
        started.map((job) => job.jobId),
      )
      .execute()
    expect(rows).toHaveLength(started.length)
    expect(rows.filter((row) => row.claims !== 1)).toEqual([])
    // Rendered or downloaded once: one stored video per completed job, each fal result fetched once.
    const videos = (await readdir(path.join(server.dataDir, 'media'))).filter((name) => name.endsWith('.mp4'))
    expect(videos).toHaveLength(completed)
    expect(new Set(rows.map((row) => row.output_url).filter((url) => url !== null)).size).toBe(completed)
    for (const row of rows.filter((job) => job.provider === 'fal')) {
      const request = fake.requests.find((submitted) => submitted.id === row.provider_request_id)
      expect({ job: row.id, downloads: request?.downloads }).toEqual({ job: row.id, downloads: row.status === 'completed' ? 1 : 0 })
      // fal's signed webhook reached the other instance and was accepted there.
      expect({ job: row.id, webhook: request?.webhookAnswers.at(-1) }).toEqual({ job: row.id, webhook: 200 })
    }
    // Charged once, refunded once per failure, every balance equal to its ledger.
    for (const [index, job] of started.entries()) {
      const keys = (await ledgerKeysOf(server.db, job.user.id)).filter((key) => key.startsWith('job:'))
      const failed = ends[index]?.status === 'failed'
      expect(keys).toEqual(failed ? [`job:${job.jobId}:hold`, `job:${job.jobId}:refund`] : [`job:${job.jobId}:hold`])
      const price = index >= LOCAL_RENDERS && index < LOCAL_RENDERS + LOCAL_FAILURES ? 200 : 175
      expect(await balanceOf(server.db, job.user.id)).toBe(failed ? 300 : 300 - price)
    }
    // No render left a temp folder behind.
    expect((await readdir(tmp)).filter((name) => name.startsWith('actorly-'))).toEqual([])
  }, 400_000)
})
