import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultVoiceOf } from '../../contract/voice.ts'
import { completeJob, failJob, insertJob } from '../domain/generations-jobs.ts'
import type { JobParams } from '../domain/generations-params.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { queueJobEnd, queueMissedJobEnds } from './job-ends.ts'
import { savePushSubscription } from './subscriptions.ts'

// The push outbox follows the job events (docs/decisions/0313): nothing is
// queued by the transaction that ends a job; a job end heard or found in the
// events becomes one row per device the owner had by then, once. Push is off
// on this server, so no dispatcher queues anything behind the test's back.

const settings = { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' }
const clip: JobParams = { input: { kind: 'ugc', prompt: 'A runner', seed: 1, durationSeconds: 5, enhanced: false }, settings, demo: false }
const voice: JobParams = { input: { kind: 'voice', text: 'Hello there', language: 'en', voice: defaultVoiceOf('en') }, settings, demo: false }

describe.each(testDatabases)('push outbox from job ends (%s)', (database) => {
  let server: TestServer
  let since: string

  beforeAll(async () => {
    server = await createTestServer({ database, env: { PUSH_NOTIFICATIONS: 'off' } })
    since = new Date(Date.now() - 60_000).toISOString()
  })
  afterAll(async () => {
    await server.close()
  })

  const device = (user: TestUser, name: string) =>
    savePushSubscription(server.db, user.id, {
      endpoint: `https://fcm.googleapis.com/fcm/send/${user.uid}-${name}`,
      keys: { p256dh: 'p256dh', auth: 'auth' },
      language: 'en',
    })
  const start = (user: TestUser, params: JobParams) => insertJob(server.db, { userId: user.id, provider: 'local', params, prompt: 'A test', costHundredths: 0 })
  const outbox = (jobId: string) =>
    server.db.selectFrom('push_deliveries').select(['subscription_id', 'created_at', 'state']).where('job_id', '=', jobId).orderBy('subscription_id').execute()

  it('queues nothing with the end itself; the end found in the job events gets one row per device, once, timed at the end', async () => {
    const user = await createSignedInUser(server)
    const phone = await device(user, 'phone')
    const laptop = await device(user, 'laptop')
    const job = await start(user, clip)
    await completeJob(server.db, job.id, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl: '/media/x.mp4' })
    expect(await outbox(job.id)).toEqual([])

    expect(await queueMissedJobEnds(server.db, since)).toBeGreaterThanOrEqual(2)
    const { updated_at: endedAt } = await server.db.selectFrom('generations').select('updated_at').where('id', '=', job.id).executeTakeFirstOrThrow()
    expect(await outbox(job.id)).toEqual([phone, laptop].toSorted().map((id) => ({ subscription_id: id, created_at: endedAt, state: 'pending' })))
    // Heard again (another process, a later round): nothing more.
    expect(await queueJobEnd(server.db, job.id)).toBe(0)
    await queueMissedJobEnds(server.db, since)
    expect(await outbox(job.id)).toHaveLength(2)
  })

  it('queues a failed video, but not a voice, a running job, or a device subscribed after the end', async () => {
    const user = await createSignedInUser(server)
    const early = await device(user, 'early')
    const spoken = await start(user, voice)
    await completeJob(server.db, spoken.id, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl: '/media/v.mp3' })
    const failed = await start(user, clip)
    await failJob(server.db, failed.id, 'The renderer failed')
    await new Promise((resolve) => setTimeout(resolve, 5))
    await device(user, 'late')
    const running = await start(user, clip)

    expect(await queueJobEnd(server.db, spoken.id)).toBe(0)
    expect(await queueJobEnd(server.db, running.id)).toBe(0)
    expect(await queueJobEnd(server.db, failed.id)).toBe(1)
    expect((await outbox(failed.id)).map((row) => row.subscription_id)).toEqual([early])
    await queueMissedJobEnds(server.db, since)
    expect(await outbox(spoken.id)).toEqual([])
    expect(await outbox(running.id)).toEqual([])
  })
})
