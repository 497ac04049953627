import { afterAll, describe, expect, it } from 'vitest'
import { GENERATION_MESSAGES, startResponseSchema } from '../../contract/generations.ts'
import { sweepExpiredJobs } from '../jobs/job-sweeper.ts'
import { createLogger } from '../logger.ts'
import type { FakeFalServer } from '../providers/fal/testing/fake-fal-server.ts'
import { JOB_LIMITS } from '../providers/job-limits.ts'
import { createGenerationTestApp, type GenerationTestApp } from '../testing/generation-app.ts'
import { test } from '../testing/fixtures.ts'
import { balanceOf, jobCount, ledgerKeysOf, ugcRequest, waitForEnd } from '../testing/job-helpers.ts'
import { createSignedInUser, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { apiErrorBodySchema } from '../../contract/errors.ts'

// docs/quality.md reliability: balance equals the ledger sum and never goes below
// zero under any interleaving; one active job per user; a failed generation
// is refunded exactly once, a completed one never.

const ugcBody = (user: TestUser, duration = 5) => ugcRequest(user, { prompt: 'A founder pitches her startup', duration })

describe.each(testDatabases)('money and jobs on %s', (database) => {
  let server: TestServer
  let local: GenerationTestApp
  let fal: GenerationTestApp
  let fake: FakeFalServer

  test.beforeAll(async ({ falStack }) => {
    ;({ server, fal, fake } = await falStack(database))
    local = await createGenerationTestApp(server)
  })
  afterAll(async () => {
    await local.close()
  })

  async function startMany(user: TestUser, count: number): Promise<Response[]> {
    return Promise.all(Array.from({ length: count }, () => local.request('/api/fal/v1/generate', { token: user.idToken, json: ugcBody(user, 10) })))
  }

  it('50 concurrent starts with credit for one: exactly one job, 49 clear refusals, balance intact', async () => {
    const kim = await createSignedInUser(server, { credits: 1.75 })
    const answers = await startMany(kim, 50)
    const ok = answers.filter((res) => res.status === 200)
    const refused = answers.filter((res) => res.status === 409 || res.status === 402)
    expect(ok).toHaveLength(1)
    expect(refused).toHaveLength(49)
    for (const res of refused) {
      const body = apiErrorBodySchema.parse(await res.json())
      expect([GENERATION_MESSAGES.oneTimeGenerate, GENERATION_MESSAGES.notEnoughToken]).toContain(body.message)
    }
    expect(await balanceOf(server.db, kim.id)).toBe(0)
    expect(await jobCount(server.db, kim.id)).toBe(1)
    const { requestId } = startResponseSchema.parse(await ok[0]?.json())
    await waitForEnd(local, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId }, token: kim.idToken })
    expect(await balanceOf(server.db, kim.id)).toBe(0)
  })

  it('50 concurrent starts with credit for many: the database still allows one active job', async () => {
    const lee = await createSignedInUser(server, { credits: 100 })
    const answers = await startMany(lee, 50)
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1)
    expect(answers.filter((res) => res.status === 409)).toHaveLength(49)
    expect(await balanceOf(server.db, lee.id)).toBe(10_000 - 175)
    expect(await jobCount(server.db, lee.id)).toBe(1)
    const ok = answers.find((res) => res.status === 200)
    const { requestId } = startResponseSchema.parse(await ok?.json())
    await waitForEnd(local, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId }, token: lee.idToken })
  })

  it('refunds a failed fal run exactly once, however often it is checked', async () => {
    const max = await createSignedInUser(server, { credits: 3 })
    fake.nextScript({ queuedPolls: 1, failure: { via: 'status-error' } })
    const res = await fal.request('/api/fal/v1/generate', { token: max.idToken, json: ugcBody(max) })
    const { requestId } = startResponseSchema.parse(await res.json())
    expect(await balanceOf(server.db, max.id)).toBe(125)

    const end = await waitForEnd(fal, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId }, token: max.idToken })
    expect(end).toMatchObject({ status: 'failed', outputUrl: null, error: GENERATION_MESSAGES.failedToGenerate })
    await Promise.all(Array.from({ length: 10 }, () => fal.request('/api/fal/v1/generatedVideo', { token: max.idToken, json: { request_id: requestId } })))
    await sweepExpiredJobs(server.db, createLogger('silent'), JOB_LIMITS)
    expect(await balanceOf(server.db, max.id)).toBe(300)
    expect(await ledgerKeysOf(server.db, max.id)).toEqual([expect.stringMatching(/^test:/), `job:${requestId}:hold`, `job:${requestId}:refund`])
  })

  it('refunds at once when fal refuses the job, and the user may start again', async () => {
    const nia = await createSignedInUser(server, { credits: 2 })
    fake.nextScript({ rejectSubmitWith: 422 })
    const res = await fal.request('/api/fal/v1/generate', { token: nia.idToken, json: ugcBody(nia) })
    expect(res.status).toBe(502)
    expect(await res.json()).toEqual({ code: 'generation_failed', message: GENERATION_MESSAGES.failedToGenerate })
    expect(await balanceOf(server.db, nia.id)).toBe(200)

    const again = await fal.request('/api/fal/v1/generate', { token: nia.idToken, json: ugcBody(nia) })
    expect(again.status).toBe(200)
    const { requestId } = startResponseSchema.parse(await again.json())
    const end = await waitForEnd(fal, { path: '/api/fal/v1/generatedVideo', json: { request_id: requestId }, token: nia.idToken })
    expect(end.status).toBe('completed')
    expect(await fal.isStored(end.outputUrl)).toBe(true)
    // Completed: the hold stays, no refund ever.
    expect(await balanceOf(server.db, nia.id)).toBe(25)
    expect((await ledgerKeysOf(server.db, nia.id)).filter((key) => key.startsWith(`job:${requestId}`))).toEqual([`job:${requestId}:hold`])
  })
})
