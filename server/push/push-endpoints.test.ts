import { randomUUID } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUSH_MAX_DEVICES } from '../../contract/constants.ts'
import { pushKeySchema } from '../../contract/push.ts'
import type { ResolveHost } from '../outbound/guard.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { startFakePushService, type FakePushService, type FakeSubscription } from './testing/fake-push-service.ts'
import { fakePushSettings, messagesTo, startClip, subscribeDevice } from '../testing/push-helpers.ts'

// A push subscription is not a way into our network (docs/decisions/0283):
// the server sends only to the browsers' push services, through the outbound
// guard, when a device subscribes and again when a job ends; an account keeps
// at most PUSH_MAX_DEVICES devices; the subscribe call is rate limited.

const JOBS = { JOB_EVENTS_POLL_MS: '50', WORKER_POLL_MS: '100', JOB_SWEEP_SECONDS: '1' }

/** DNS as the internet would answer for the push services (this machine may have none), plus a name that resolves to loopback. */
const dns: ResolveHost = async (host) => {
  if (host === 'loopback.example.test') return [{ address: '127.0.0.1', family: 4 }]
  if (host.endsWith('.googleapis.com') || host.endsWith('.mozilla.com') || host.endsWith('.apple.com') || host.endsWith('.windows.com'))
    return [{ address: '142.250.180.10', family: 4 }]
  return lookup(host, { all: true, verbatim: true })
}

async function vapidKeyOf(server: TestServer): Promise<string> {
  return pushKeySchema.parse(await (await server.request('/api/push/v1/key')).json()).publicKey
}

function put(server: TestServer, user: TestUser, endpoint: string, keys: FakeSubscription['keys']): Promise<Response> {
  return server.request('/api/push/v1/subscription', { method: 'PUT', token: user.idToken, json: { endpoint, keys, language: 'en' } })
}

const endpointsOf = async (server: TestServer, user: TestUser): Promise<string[]> =>
  (await server.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute()).map((row) => row.endpoint)

/** The fake push service's endpoint for a device, with its host written another way. */
const spelled = (fake: FakePushService, device: FakeSubscription, host: string): string => device.endpoint.replace('127.0.0.1', host)

/** The loopback spellings a signed-in user subscribed with, all aimed at a local service. */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '127.1', '0x7f000001', '[::1]', 'loopback.example.test']

describe.each(testDatabases)('push endpoints (%s)', (database) => {
  let fake: FakePushService
  /** Production defaults: the browsers' push services only, no test allowance (DNS answered as on the internet). */
  let defaults: TestServer
  /** The loopback names on the host list, but no test allowance: only the outbound guard stands in the way. */
  let listed: TestServer
  /** The fake push service allowed, as the other push tests run, with room for many saves. */
  let open: TestServer

  beforeAll(async () => {
    fake = await startFakePushService()
    defaults = await createTestServer({ database, push: { outbound: { resolveHost: dns } } })
    listed = await createTestServer({
      sameDatabaseAs: defaults,
      worker: true,
      env: { ...JOBS, PUSH_ENDPOINT_HOSTS: '127.0.0.1,localhost,[::1],loopback.example.test' },
      push: { outbound: { resolveHost: dns, testCertificateAuthority: fake.certificate } },
    })
    const settings = fakePushSettings(fake)
    open = await createTestServer({
      database,
      worker: true,
      env: { ...JOBS, ...settings.env, PUSH_SUBSCRIBE_RATE_LIMIT_BURST: '50' },
      push: settings.push,
    })
  }, 120_000)
  afterAll(async () => {
    await open?.close()
    await listed?.close()
    await defaults?.close()
    await fake?.close()
  })

  it('accepts the browsers’ push services by default, and refuses every other host with push_endpoint_not_allowed', async () => {
    const user = await createSignedInUser(defaults)
    const { keys } = fake.subscribe(await vapidKeyOf(defaults))
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://fcm.googleapis.com/wp/dGVzdA',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGx2b3Rl',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]
    for (const endpoint of accepted) expect((await put(defaults, user, endpoint, keys)).status).toBe(204)
    const refused = [
      ...LOOPBACK_HOSTS.map((host) => `https://${host}:8443/push/1`),
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
      'https://evilfcm.googleapis.com/fcm/send/1',
      'https://storage.googleapis.com/our-bucket/o',
      'https://notify.windows.com/w/?token=1',
      'https://push.example.net/send/1',
    ]
    // Each subscribe call counts against the account's limit, refused ones too: the refusals come from two other accounts.
    const askers = [await createSignedInUser(defaults), await createSignedInUser(defaults)]
    for (const [index, endpoint] of refused.entries()) {
      const res = await put(defaults, askers[index % 2] ?? user, endpoint, keys)
      expect({ endpoint, status: res.status, body: await res.json() }).toMatchObject({ endpoint, status: 400, body: { code: 'push_endpoint_not_allowed' } })
    }
    expect((await endpointsOf(defaults, user)).toSorted()).toEqual(accepted.toSorted())
    for (const asker of askers) expect(await endpointsOf(defaults, asker)).toEqual([])
  })

  it('refuses loopback in every spelling even when the host is listed: the guard checks the resolved address', async () => {
    const user = await createSignedInUser(listed)
    const device = fake.subscribe(await vapidKeyOf(listed))
    for (const host of LOOPBACK_HOSTS) {
      const res = await put(listed, user, spelled(fake, device, host), device.keys)
      expect({ host, status: res.status, body: await res.json() }).toMatchObject({
        host,
        status: 400,
        body: { code: 'push_endpoint_not_allowed', message: 'The URL points to an address that is not allowed' },
      })
    }
    expect(await endpointsOf(listed, user)).toEqual([])
    expect(fake.requests.filter((request) => request.includes(device.id))).toEqual([])
  })

  it('never connects to a subscription saved before these checks when a job ends: it is refused and removed', async () => {
    const user = await createSignedInUser(listed, { credits: 3 })
    const device = fake.subscribe(await vapidKeyOf(listed))
    // Rows as an unchecked server saved them.
    await listed.db
      .insertInto('push_subscriptions')
      .values(
        LOOPBACK_HOSTS.map((host) => ({
          id: randomUUID(),
          user_id: user.id,
          endpoint: spelled(fake, device, host),
          p256dh: device.keys.p256dh,
          auth: device.keys.auth,
          language: 'en',
          updated_at: new Date().toISOString(),
        })),
      )
      .execute()
    const requestId = await startClip(listed, user)
    await expect.poll(() => endpointsOf(listed, user), { timeout: 90_000, interval: 200 }).toEqual([])
    const states = await listed.db.selectFrom('push_deliveries').select('state').where('job_id', '=', requestId).execute()
    expect(states).toEqual([])
    expect(fake.requests.filter((request) => request.includes(device.id))).toEqual([])
  }, 120_000)

  it('limits the subscribe call per account: the burst passes, then 429 rate_limited with Retry-After, and nothing more is saved', async () => {
    const user = await createSignedInUser(defaults)
    const other = await createSignedInUser(defaults)
    const { keys } = fake.subscribe(await vapidKeyOf(defaults))
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) statuses.push((await put(defaults, user, `https://fcm.googleapis.com/fcm/send/device-${i}`, keys)).status)
    expect(statuses).toEqual([...Array<number>(10).fill(204), 429, 429])
    const limited = await put(defaults, user, 'https://fcm.googleapis.com/fcm/send/device-x', keys)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await endpointsOf(defaults, user)).toHaveLength(10)
    // Counted per account: another account is not held back.
    expect((await put(defaults, other, 'https://fcm.googleapis.com/fcm/send/other', keys)).status).toBe(204)
  })

  it(`keeps at most ${PUSH_MAX_DEVICES} devices per account, replacing the one saved longest ago, and sends a job’s end to those only`, async () => {
    const user = await createSignedInUser(open, { credits: 3 })
    // "Saved longest ago" is to the millisecond: saves here are spaced so that no two share one.
    const save = async (): Promise<FakeSubscription> => {
      await new Promise((resolve) => setTimeout(resolve, 3))
      return subscribeDevice(open, fake, user, 'en')
    }
    const devices: FakeSubscription[] = []
    for (let i = 0; i < PUSH_MAX_DEVICES + 2; i += 1) devices.push(await save())
    const kept = devices.slice(2)
    expect((await endpointsOf(open, user)).toSorted()).toEqual(kept.map((device) => device.endpoint).toSorted())
    // Saving a kept device again makes it the newest: the next new one replaces the oldest other.
    const [refreshed] = kept
    if (refreshed === undefined) throw new Error('no device kept')
    await new Promise((resolve) => setTimeout(resolve, 3))
    expect((await put(open, user, refreshed.endpoint, refreshed.keys)).status).toBe(204)
    const newest = await save()
    const now = [refreshed, ...kept.slice(2), newest]
    expect((await endpointsOf(open, user)).toSorted()).toEqual(now.map((device) => device.endpoint).toSorted())

    await startClip(open, user)
    await expect.poll(() => now.reduce((sum, device) => sum + messagesTo(fake, device).length, 0), { timeout: 90_000, interval: 200 }).toBe(PUSH_MAX_DEVICES)
    expect(devices.slice(0, 2).flatMap((device) => messagesTo(fake, device))).toEqual([])
    expect(kept[1] === undefined ? [] : messagesTo(fake, kept[1])).toEqual([])
  }, 120_000)
})
