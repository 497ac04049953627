import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'
import { startFakePushService, type FakePushService } from './testing/fake-push-service.ts'
import { fakePushSettings, startClip, subscribeDevice, vapidEnv } from '../testing/push-helpers.ts'

// Two instances, each an API server with its worker, on one database
// (docs/decisions/0280): every instance hears every job end and tries to send
// its messages; the claim lets exactly one of them send each.

const USERS = 4
const JOBS = { JOB_EVENTS_POLL_MS: '50', WORKER_POLL_MS: '100', JOB_SWEEP_SECONDS: '1' }
// Every instance signs with the one configured pair the devices subscribed with (each has its own data folder here).
const VAPID = vapidEnv()

describe.each(testDatabases)('push notifications from two instances (%s)', (database) => {
  let fake: FakePushService
  let a: TestServer
  let b: TestServer

  beforeAll(async () => {
    fake = await startFakePushService()
    const settings = fakePushSettings(fake)
    a = await createTestServer({ database, worker: true, env: { ...JOBS, ...VAPID, ...settings.env }, push: settings.push })
    b = await createTestServer({ sameDatabaseAs: a, worker: true, env: { ...JOBS, ...VAPID, ...settings.env }, push: settings.push })
  })
  afterAll(async () => {
    await b.close()
    await a.close()
    await fake.close()
  })

  it('sends each job’s message to each device once', async () => {
    const users = await Promise.all(Array.from({ length: USERS }, () => createSignedInUser(a, { credits: 3 })))
    const devices = await Promise.all(
      users.flatMap((user, index) => [subscribeDevice(index % 2 === 0 ? a : b, fake, user, 'en'), subscribeDevice(index % 2 === 0 ? b : a, fake, user, 'de')]),
    )
    const jobs = await Promise.all(users.map((user, index) => startClip(index % 2 === 0 ? a : b, user)))

    await expect.poll(() => fake.received.length, { timeout: 150_000, interval: 250 }).toBe(devices.length)
    // Later rounds of both instances (every second here) find nothing more to send.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(fake.refusals).toEqual([])
    const pairs = fake.received.map((push) => {
      const message = push.message
      const requestId = typeof message === 'object' && message !== null && 'requestId' in message ? message.requestId : null
      return `${push.subscriptionId}:${String(requestId)}`
    })
    const expected = devices.map((device, index) => `${device.id}:${jobs[Math.floor(index / 2)]}`)
    expect(pairs.toSorted()).toEqual(expected.toSorted())
  }, 200_000)
})
