import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageToVideoResponseSchema } from '../../contract/generations.ts'
import { pushKeySchema, type PushMessage } from '../../contract/push.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'
import { startFakePushService, type FakePushService } from './testing/fake-push-service.ts'
import { fakePushSettings, messagesTo, startClip, subscribeDevice } from '../testing/push-helpers.ts'

// Push notifications when a generation ends (docs/decisions/0280), end to end
// on the server: the real app and a worker in this process (the local
// renderer), and a local fake push service that checks the VAPID JWT and
// decrypts each message with the device keys it made (testing/).

const JOBS = { JOB_EVENTS_POLL_MS: '50', WORKER_POLL_MS: '100', JOB_SWEEP_SECONDS: '1' }

describe.each(testDatabases)('push notifications (%s)', (database) => {
  let fake: FakePushService
  let server: TestServer

  beforeAll(async () => {
    fake = await startFakePushService()
    const settings = fakePushSettings(fake)
    server = await createTestServer({ database, worker: true, env: { ...JOBS, ...settings.env }, push: settings.push })
  })
  afterAll(async () => {
    await server.close()
    await fake.close()
  })

  it('sends one encrypted message to each device of the user when the renderer finishes a job', async () => {
    const user = await createSignedInUser(server, { credits: 3 })
    const phone = await subscribeDevice(server, fake, user, 'de')
    const laptop = await subscribeDevice(server, fake, user, 'en')
    const requestId = await startClip(server, user)

    await expect.poll(() => messagesTo(fake, phone).length + messagesTo(fake, laptop).length, { timeout: 90_000, interval: 200 }).toBe(2)
    expect(fake.refusals).toEqual([])
    const expected: PushMessage = { type: 'generation-ended', requestId, kind: 'ugc', outcome: 'completed', refunded: false, language: 'de' }
    expect(messagesTo(fake, phone).map((push) => push.message)).toEqual([expected])
    expect(messagesTo(fake, laptop).map((push) => push.message)).toEqual([{ ...expected, language: 'en' }])
    const [sent] = messagesTo(fake, phone)
    // The JWT is for the push service's own origin, expires within a day, and names a contact.
    expect(sent?.claims.aud).toBe(fake.origin)
    expect(sent?.claims.sub).toMatch(/^(mailto:|https:)/)
    expect({ ttl: sent?.ttl, topic: sent?.topic, urgency: sent?.urgency }).toEqual({ ttl: 86_400, topic: requestId.replaceAll('-', ''), urgency: 'normal' })

    // Once: the outbox rows are sent, and later rounds (every second here) send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(messagesTo(fake, phone)).toHaveLength(1)
    const rows = await server.db.selectFrom('push_deliveries').select(['state', 'attempts']).where('job_id', '=', requestId).execute()
    expect(rows).toEqual([
      { state: 'sent', attempts: 1 },
      { state: 'sent', attempts: 1 },
    ])
  }, 120_000)

  it('tells of a failed job with its credits back, and forgets a device whose push service answers 410', async () => {
    const user = await createSignedInUser(server, { credits: 3 })
    const gone = await subscribeDevice(server, fake, user, 'en')
    const live = await subscribeDevice(server, fake, user, 'de')
    fake.answer(gone.id, 410)
    // The worker may not fetch a private address: the job fails and is refunded.
    const res = await server.request('/api/fal/v1/imageToVideo', {
      token: user.idToken,
      json: { prompt: 'waves', img_url: 'https://127.0.0.1/face.png', user_id: user.id },
    })
    const { request_id: requestId } = imageToVideoResponseSchema.parse(await res.json())

    await expect.poll(() => messagesTo(fake, live).length, { timeout: 90_000, interval: 200 }).toBe(1)
    expect(messagesTo(fake, live)[0]?.message).toEqual({
      type: 'generation-ended',
      requestId,
      kind: 'consistent',
      outcome: 'failed',
      refunded: true,
      language: 'de',
    })
    await expect
      .poll(
        async () => (await server.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute()).map((row) => row.endpoint),
        { timeout: 10_000 },
      )
      .toEqual([live.endpoint])
    expect(messagesTo(fake, gone)).toEqual([])
  }, 120_000)

  it('drops a message the push service refuses: one encrypted to keys that are not the device’s does not decrypt there', async () => {
    const user = await createSignedInUser(server, { credits: 3 })
    const { publicKey } = pushKeySchema.parse(await (await server.request('/api/push/v1/key')).json())
    const device = fake.subscribe(publicKey)
    const stranger = fake.subscribe(publicKey)
    const res = await server.request('/api/push/v1/subscription', {
      method: 'PUT',
      token: user.idToken,
      json: { endpoint: device.endpoint, keys: stranger.keys, language: 'en' },
    })
    expect(res.status).toBe(204)
    const requestId = await startClip(server, user)
    await expect
      .poll(() => fake.refusals.filter((refusal) => refusal.subscriptionId === device.id).map((refusal) => refusal.reason), { timeout: 90_000, interval: 200 })
      .toEqual([expect.stringMatching(/^does not decrypt/)])
    await expect
      .poll(async () => (await server.db.selectFrom('push_deliveries').select('state').where('job_id', '=', requestId).executeTakeFirst())?.state)
      .toBe('dropped')
    expect(messagesTo(fake, device)).toEqual([])
    fake.refusals.length = 0
  }, 120_000)

  it('sends nothing to a device signed out there: the endpoint with its auth secret removes it', async () => {
    const user = await createSignedInUser(server, { credits: 3 })
    const device = await subscribeDevice(server, fake, user, 'en')
    const remove = (auth: string) => server.request('/api/push/v1/subscription', { method: 'DELETE', json: { endpoint: device.endpoint, auth } })
    // Someone who knows only the endpoint cannot silence the device.
    expect((await remove('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(204)
    expect(await server.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', device.endpoint).execute()).toHaveLength(1)
    expect((await remove(device.keys.auth)).status).toBe(204)
    expect(await server.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', device.endpoint).execute()).toHaveLength(0)

    const requestId = await startClip(server, user)
    await expect
      .poll(async () => (await server.db.selectFrom('generations').select('status').where('id', '=', requestId).executeTakeFirst())?.status, {
        timeout: 90_000,
      })
      .toBe('completed')
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(messagesTo(fake, device)).toEqual([])
  }, 120_000)

  it('refuses a subscription without a token, with a non-https endpoint or without keys, and changes nothing', async () => {
    const user = await createSignedInUser(server)
    const device = fake.subscribe('unused')
    const put = (json: unknown, token?: string) =>
      server.request('/api/push/v1/subscription', { method: 'PUT', json, ...(token === undefined ? {} : { token }) })
    expect((await put({ endpoint: device.endpoint, keys: device.keys, language: 'en' })).status).toBe(401)
    const refusals = [
      { endpoint: device.endpoint.replace('https:', 'http:'), keys: device.keys, language: 'en' },
      { endpoint: device.endpoint, language: 'en' },
      { endpoint: device.endpoint, keys: device.keys, language: 'fr' },
    ]
    for (const body of refusals) {
      const res = await put(body, user.idToken)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'validation_failed' })
    }
    expect(await server.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toEqual([])
  })
})
