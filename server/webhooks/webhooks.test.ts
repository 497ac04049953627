import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createdWebhookEndpointSchema, webhookEndpointListSchema, type WebhookDeliveryView } from '../../contract/developer-settings.ts'
import { completeJob, failJob } from '../domain/generations-jobs.ts'
import { createEventFeed, type EventFeed } from '../jobs/event-feed.ts'
import { createPeriodicTasks, type PeriodicTasks } from '../jobs/periodic-tasks.ts'
import { createLogger } from '../logger.ts'
import { checkAgainst } from '../public-api/testing/openapi-answers.ts'
import { createKey } from '../testing/api-keys.ts'
import { createSignedInUser, createTestServer, type TestServer, type TestUser } from '../testing/harness.ts'
import { queueJobEndsSinceCursor } from './job-ends.ts'
import { createWebhookDispatcher, type WebhookDispatcher } from './dispatcher.ts'
import { webhookTargets } from './endpoint-policy.ts'
import { createWebhookSender } from './sender.ts'
import { startWebhookReceiver, type WebhookReceiver } from './testing/receiver.ts'

// Webhooks as a developer's endpoint receives them (docs/decisions/0405,
// 0408): fed by the job events, signed so the Standard Webhooks library
// verifies them, retried with the same id while the endpoint is down and then
// recorded as failed, never sent inside our network.

const EVENT_SCHEMA = (type: string) => ['webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema']

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('webhooks', () => {
  let server: TestServer
  let receiver: WebhookReceiver
  let feed: EventFeed
  let tasks: PeriodicTasks
  let dispatcher: WebhookDispatcher

  beforeAll(async () => {
    // Development settings: http, and this machine's loopback for the test receiver.
    server = await createTestServer({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } })
    receiver = await startWebhookReceiver()
    const log = createLogger('silent')
    feed = createEventFeed({ db: server.db, database: server.config.database, log, pollMs: 50 })
    tasks = createPeriodicTasks(log)
    // The workers' dispatcher (server/compose/worker.ts), with back-offs of a fifth of a second.
    dispatcher = createWebhookDispatcher({
      db: server.db,
      feed,
      tasks,
      sender: createWebhookSender(webhookTargets(server.config.developerApi.webhooks)),
      links: server.mediaLinks,
      log,
      owner: 'test-worker',
      retryDelaysSeconds: [0.2, 0.2],
      dueIntervalMs: 100,
      catchUpIntervalMs: 60_000,
    })
  })
  afterEach(() => {
    receiver.received.length = 0
    receiver.answer(200)
  })
  afterAll(async () => {
    await dispatcher.close()
    await tasks.stop()
    await feed.close()
    await receiver.close()
    await server.close()
  })

  async function register(user: TestUser, url: string): Promise<{ id: string; secret: string }> {
    const res = await server.request('/api/developers/v1/webhooks', { token: user.idToken, json: { url } })
    if (res.status !== 201) throw new Error(`registering failed: ${res.status} ${await res.text()}`)
    const created = createdWebhookEndpointSchema.parse(await res.json())
    return { id: created.endpoint.id, secret: created.secret }
  }

  async function startJob(user: TestUser): Promise<string> {
    const { secret } = await createKey(server, user)
    const res = await server.request('/api/public/v1/generations/ugc-actor', { token: secret, json: { prompt: 'A webhook please' } })
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { id: string }).id
  }

  async function deliveriesOf(user: TestUser, endpointId: string): Promise<WebhookDeliveryView[]> {
    const list = webhookEndpointListSchema.parse(await (await server.request('/api/developers/v1/webhooks', { token: user.idToken })).json())
    return list.endpoints.find((endpoint) => endpoint.id === endpointId)?.deliveries ?? []
  }

  it('delivers a completed generation, signed so the Standard Webhooks library verifies it', async () => {
    const user = await createSignedInUser(server, { credits: 5 })
    const endpoint = await register(user, receiver.url())
    const jobId = await startJob(user)
    await completeJob(server.db, jobId, { state: 'completed', progress: { current: 3, total: 3 }, outputUrl: `/media/${crypto.randomUUID()}.mp4` })
    const [message] = await receiver.waitFor(1)
    if (message === undefined) throw new Error('no webhook')

    const verified: unknown = new Webhook(endpoint.secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    })
    expect(verified).toMatchObject({ type: 'generation.completed', data: { id: jobId, status: 'completed', kind: 'ugc_actor' } })
    expect(await checkAgainst(EVENT_SCHEMA('generation.completed'), JSON.parse(message.body))).toBe(true)
    // A body changed on the way, or another endpoint's secret, does not verify.
    const headers = {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    }
    expect(() => new Webhook(endpoint.secret).verify(message.body.replace('completed', 'failed'), headers)).toThrow('No matching signature found')
    expect(() => new Webhook('whsec_' + Buffer.from('another secret of 32 bytes......').toString('base64')).verify(message.body, headers)).toThrow(
      'No matching signature found',
    )

    const deliveries = await until(
      () => deliveriesOf(user, endpoint.id),
      (list) => list[0]?.state === 'delivered',
    )
    expect(deliveries).toEqual([
      expect.objectContaining({
        id: message.headers['webhook-id'],
        type: 'generation.completed',
        state: 'delivered',
        attempts: [expect.objectContaining({ status: 200, error: null })],
      }),
    ])
  })

  it('tries an endpoint that is down again with the same webhook-id, then records the failure', async () => {
    const user = await createSignedInUser(server, { credits: 5 })
    const endpoint = await register(user, receiver.url('/down'))
    receiver.answer(503)
    const jobId = await startJob(user)
    await failJob(server.db, jobId, 'Failed to generate video. Please try again later.')
    const attempts = await receiver.waitFor(3)
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1)
    expect(JSON.parse(attempts[0]?.body ?? '{}')).toMatchObject({ type: 'generation.failed', data: { id: jobId, error: { code: 'generation_failed' } } })
    const deliveries = await until(
      () => deliveriesOf(user, endpoint.id),
      (list) => list[0]?.state === 'failed',
    )
    expect(deliveries[0]).toMatchObject({ state: 'failed', nextAttemptAt: null })
    expect(deliveries[0]?.attempts.map((attempt) => [attempt.status, attempt.error])).toEqual([
      [503, 'HTTP 503'],
      [503, 'HTTP 503'],
      [503, 'HTTP 503'],
    ])
    // Nothing more after the last retry.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(receiver.received).toHaveLength(3)
  })

  it('delivers on a retry once the endpoint is back, and one job end is one delivery however often it is read', async () => {
    const user = await createSignedInUser(server, { credits: 5 })
    const endpoint = await register(user, receiver.url('/flaky'))
    receiver.answer(500)
    const jobId = await startJob(user)
    await completeJob(server.db, jobId, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl: `/media/${crypto.randomUUID()}.mp4` })
    await receiver.waitFor(1)
    receiver.answer(204)
    await receiver.waitFor(2)
    // The catch-up read of the job events finds the same end: nothing new is queued.
    expect(await queueJobEndsSinceCursor(server.db, server.mediaLinks)).toBe(0)
    const deliveries = await until(
      () => deliveriesOf(user, endpoint.id),
      (list) => list[0]?.state === 'delivered',
    )
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0]?.attempts.map((attempt) => attempt.status)).toEqual([500, 204])
  })

  it('sends a test ping from the Account screen, and only for the endpoint’s owner', async () => {
    const user = await createSignedInUser(server)
    const stranger = await createSignedInUser(server)
    const endpoint = await register(user, receiver.url('/ping'))
    expect((await server.request(`/api/developers/v1/webhooks/${endpoint.id}/test`, { token: stranger.idToken, method: 'POST' })).status).toBe(404)
    const queued = await server.request(`/api/developers/v1/webhooks/${endpoint.id}/test`, { token: user.idToken, method: 'POST' })
    expect(queued.status).toBe(202)
    const [ping] = await receiver.waitFor(1)
    const body = new Webhook(endpoint.secret).verify(ping?.body ?? '', {
      'webhook-id': String(ping?.headers['webhook-id']),
      'webhook-timestamp': String(ping?.headers['webhook-timestamp']),
      'webhook-signature': String(ping?.headers['webhook-signature']),
    })
    expect(body).toMatchObject({ type: 'ping', data: { endpoint_id: endpoint.id } })
    expect(await checkAgainst(EVENT_SCHEMA('ping'), JSON.parse(ping?.body ?? '{}'))).toBe(true)

    expect((await server.request(`/api/developers/v1/webhooks/${endpoint.id}/delete`, { token: stranger.idToken, method: 'POST' })).status).toBe(404)
    expect((await server.request(`/api/developers/v1/webhooks/${endpoint.id}/delete`, { token: user.idToken, method: 'POST' })).status).toBe(204)
    expect(await server.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpoint.id).execute()).toEqual([])
  })
})

describe('webhook URLs that lead inside (SSRF)', () => {
  let server: TestServer
  let receiver: WebhookReceiver

  beforeAll(async () => {
    // No loopback allowance: as every deployment but a developer's own.
    server = await createTestServer()
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver.close()
    await server.close()
  })

  it('refuses to register them', async () => {
    const user = await createSignedInUser(server)
    const inside = [
      receiver.url(),
      'http://localhost:8080/hook',
      'http://10.0.0.7/hook',
      'http://172.16.3.4/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd00::1]/hook',
      'http://2130706433/hook',
      'http://0177.0.0.1/hook',
      'http://0.0.0.0/hook',
      'https://user:secret@example.com/hook',
      'ftp://example.com/hook',
      'not a url',
    ]
    for (const url of inside) {
      const res = await server.request('/api/developers/v1/webhooks', { token: user.idToken, json: { url } })
      expect({ url, status: res.status }).toEqual({ url, status: 400 })
      expect(await res.json()).toMatchObject({ code: 'url_not_allowed' })
    }
    expect(await server.db.selectFrom('webhook_endpoints').select('id').where('user_id', '=', user.id).execute()).toEqual([])
  })

  it('takes only https in production', async () => {
    const production = webhookTargets({ allowHttp: false, allowLoopback: false }, { resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] })
    expect(await production.guard.vet('http://example.com/hook', { protocols: production.protocols })).toMatchObject({ ok: false, problem: 'not_allowed' })
    expect(await production.guard.vet('https://example.com/hook', { protocols: production.protocols })).toMatchObject({ ok: true })
  })

  it('never sends to a name that has come to point inside since it was registered', async () => {
    // A public name at registration that now resolves to a private address (DNS rebinding).
    let answer = '93.184.216.34'
    const sender = createWebhookSender(webhookTargets({ allowHttp: true, allowLoopback: false }, { resolveHost: async () => [{ address: answer, family: 4 }] }))
    answer = '127.0.0.1'
    const outcome = await sender.send(
      { id: 'msg_test', eventType: 'ping', payload: '{}', attempts: 1, url: receiver.url().replace('127.0.0.1', 'hooks.example.com'), secret: 'whsec_AAAA' },
      new Date(),
    )
    expect(outcome).toMatchObject({ status: null, error: expect.stringMatching(/not allowed/) })
    expect(receiver.received).toEqual([])
  })
})
