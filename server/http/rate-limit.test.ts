import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'
import { handleError } from './error-handler.ts'
import type { AppEnv } from './env.ts'
import { clientIp, createRateLimiter, type RateLimiterOptions } from './rate-limit.ts'

const ipApp = (trustProxy: boolean, trustedProxyHops?: number) => new Hono<AppEnv>().get('/ip', (c) => c.text(clientIp(c, trustProxy, trustedProxyHops)))
const ipOf = async (app: Hono<AppEnv>, forwardedFor: string) => (await app.request('/ip', { headers: { 'x-forwarded-for': forwardedFor } })).text()

describe('clientIp behind a trusted proxy', () => {
  it('reads the entry our proxy appended (rightmost), not one the client wrote', async () => {
    const app = ipApp(true)
    expect(await ipOf(app, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7')
    expect(await ipOf(app, ' 203.0.113.7 ')).toBe('203.0.113.7')
  })

  it('skips further trusted hops from the right', async () => {
    expect(await ipOf(ipApp(true, 2), '6.6.6.6, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7')
  })

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    expect(await ipOf(ipApp(false), '203.0.113.7')).toBe('unknown') // app.request() has no socket
  })
})

describe.each(testDatabases)('the anonymous-form limiter on %s', (database) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer({ database })
  })
  afterAll(() => server.close())

  const keys = async () => (await server.db.selectFrom('form_rate_limits').select('client_key').where('client_key', 'like', '10.7.%').execute()).length

  /** One "instance": its own limiter object over the shared database. */
  function instance(options: Partial<RateLimiterOptions>) {
    const limiter = createRateLimiter({ burst: 2, refillSeconds: 60, trustProxy: true, db: server.db, dialect: server.database.dialect, ...options })
    const app = new Hono<AppEnv>()
    app.onError(handleError)
    app.post('/form', async (c) => {
      await limiter.take(c)
      return c.json({ ok: true })
    })
    return (forwardedFor: string) => app.request('/form', { method: 'POST', headers: { 'x-forwarded-for': forwardedFor } })
  }

  it('cannot be dodged by writing a fresh address into X-Forwarded-For', async () => {
    const post = instance({})
    const statuses = []
    for (let i = 0; i < 4; i += 1) statuses.push((await post(`198.51.100.${i}, 203.0.113.7`)).status)
    expect(statuses).toEqual([200, 200, 429, 429])
  })

  it('holds across instances: the burst is shared, not multiplied', async () => {
    let time = 1_000_000
    const now = () => time
    const [a, b, c] = [instance({ now }), instance({ now }), instance({ now })]
    const statuses = [await a('203.0.113.20'), await b('203.0.113.20'), await c('203.0.113.20'), await a('203.0.113.20')].map((r) => r.status)
    expect(statuses).toEqual([200, 200, 429, 429])
    const limited = await b('203.0.113.20')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(55)
    time += 30_000 // half a token back: still limited everywhere
    expect((await c('203.0.113.20')).status).toBe(429)
    time += 30_000 // one token back, whichever instance spends it
    expect((await c('203.0.113.20')).status).toBe(200)
    expect((await a('203.0.113.20')).status).toBe(429)
  })

  it('lets exactly the burst through when instances are hit at the same moment', async () => {
    const posts = [instance({}), instance({})]
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => posts[i % 2]?.('203.0.113.30')))
    expect(answers.filter((r) => r?.status === 200)).toHaveLength(2)
    expect(answers.filter((r) => r?.status === 429)).toHaveLength(8)
  })

  it('keeps a limited client limited when a flood of other addresses arrives', async () => {
    let time = 5_000_000
    const post = instance({ now: () => time })
    await post('203.0.113.40')
    await post('203.0.113.40')
    expect((await post('203.0.113.40')).status).toBe(429)
    for (let i = 0; i < 300; i += 1) {
      time += 1
      await post(`10.9.${Math.floor(i / 250)}.${i % 250}`)
    }
    expect((await post('203.0.113.40')).status).toBe(429)
  })

  it('forgets buckets that have refilled', async () => {
    let time = 9_000_000
    const post = instance({ now: () => time })
    for (const ip of ['10.7.0.1', '10.7.0.2']) await post(ip)
    expect(await keys()).toBe(2)
    time += 2 * 60_000 + 1 // both full again; a sweep is due on a fresh limiter's first take
    await post('10.8.0.1')
    expect(await keys()).toBe(0)
  })

  it('keeps a scoped limiter’s buckets apart: per subject, never spent or forgotten by the forms’ limiter', async () => {
    let time = 20_000_000
    const now = () => time
    const scoped = createRateLimiter({
      burst: 2,
      refillSeconds: 600,
      trustProxy: true,
      db: server.db,
      dialect: server.database.dialect,
      scope: 'per-account',
      now,
    })
    const app = new Hono<AppEnv>()
    app.onError(handleError)
    app.post('/save/:who', async (c) => {
      await scoped.takeForUser(c, c.req.param('who'))
      return c.json({ ok: true })
    })
    const save = async (who: string, ip: string) => (await app.request(`/save/${who}`, { method: 'POST', headers: { 'x-forwarded-for': ip } })).status
    // Per account, whichever address it comes from.
    expect([await save('user-a', '203.0.113.50'), await save('user-a', '203.0.113.51'), await save('user-a', '203.0.113.52')]).toEqual([200, 200, 429])
    expect(await save('user-b', '203.0.113.50')).toBe(200)
    // The forms' own bucket for the same account is another one (docs/decisions/0271).
    const formLimiter = createRateLimiter({ burst: 2, refillSeconds: 60, trustProxy: true, db: server.db, dialect: server.database.dialect, now })
    const forms = new Hono<AppEnv>()
    forms.onError(handleError)
    forms.post('/message', async (c) => {
      await formLimiter.takeForUser(c, 'user-a')
      return c.json({ ok: true })
    })
    expect((await forms.request('/message', { method: 'POST' })).status).toBe(200)
    // The forms' buckets for those addresses are untouched, and their sweep (shorter window) leaves the scoped ones alone.
    const form = instance({ now })
    expect((await form('203.0.113.50')).status).toBe(200)
    time += 2 * 60_000 + 1
    await form('10.8.0.2')
    expect(await save('user-a', '203.0.113.53')).toBe(429)
    const stored = await server.db.selectFrom('form_rate_limits').select('client_key').where('client_key', 'like', 'per-account#%').execute()
    expect(stored.map((row) => row.client_key).toSorted()).toEqual(['per-account#user:user-a', 'per-account#user:user-b'])
    expect(() => createRateLimiter({ burst: 1, refillSeconds: 1, trustProxy: false, db: server.db, dialect: server.database.dialect, scope: 'a_b%' })).toThrow(
      /scope/,
    )
  })

  it('counts an IPv6 /64 as one client', async () => {
    const post = instance({})
    expect((await post('2001:db8:1:2::1')).status).toBe(200)
    expect((await post('2001:db8:1:2:ffff::9')).status).toBe(200)
    expect((await post('2001:db8:1:2:abcd::5')).status).toBe(429)
    expect((await post('2001:db8:1:3::1')).status).toBe(200)
  })
})

describe.each(testDatabases)('two API instances on one %s database', (database) => {
  let first: TestServer
  let second: TestServer
  beforeAll(async () => {
    const env = { TRUST_PROXY: 'true', FORM_RATE_LIMIT_BURST: '3', FORM_RATE_LIMIT_REFILL_SECONDS: '3600' }
    first = await createTestServer({ database, env })
    second = await createTestServer({ env, sameDatabaseAs: first })
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  it('share the contact form limit of one visitor', async () => {
    const contact = { userId: null, userName: 'Vera', email: 'vera@example.com', type: 'contact', subject: 'Hi', message: 'Hello' }
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      const server = i % 2 === 0 ? first : second
      statuses.push((await server.request('/api/messages/v1/new', { json: contact, headers: { 'x-forwarded-for': '198.51.100.77' } })).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
  })
})
