import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { handleError } from './error-handler.ts'
import type { AppEnv } from './env.ts'
import { clientIp, createRateLimiter, type RateLimiterOptions } from './rate-limit.ts'

function appWith(options: Partial<RateLimiterOptions> & { now?: () => number }) {
  const limiter = createRateLimiter({ burst: 2, refillSeconds: 60, trustProxy: true, ...options })
  const app = new Hono<AppEnv>()
  app.onError(handleError)
  app.post('/form', (c) => {
    limiter.take(c)
    return c.json({ ok: true })
  })
  app.get('/ip', (c) => c.text(clientIp(c, options.trustProxy ?? true, options.trustedProxyHops)))
  return app
}

const post = (app: Hono<AppEnv>, forwardedFor: string) => app.request('/form', { method: 'POST', headers: { 'x-forwarded-for': forwardedFor } })
const ipOf = async (app: Hono<AppEnv>, forwardedFor: string) => (await app.request('/ip', { headers: { 'x-forwarded-for': forwardedFor } })).text()

describe('clientIp behind a trusted proxy', () => {
  it('reads the entry our proxy appended (rightmost), not one the client wrote', async () => {
    const app = appWith({})
    expect(await ipOf(app, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7')
    expect(await ipOf(app, ' 203.0.113.7 ')).toBe('203.0.113.7')
  })

  it('skips further trusted hops from the right', async () => {
    const app = appWith({ trustedProxyHops: 2 })
    expect(await ipOf(app, '6.6.6.6, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7')
  })

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const app = appWith({ trustProxy: false })
    expect(await ipOf(app, '203.0.113.7')).toBe('unknown') // app.request() has no socket
  })
})

describe('the anonymous-form limiter', () => {
  it('cannot be dodged by writing a fresh address into X-Forwarded-For', async () => {
    const app = appWith({})
    const statuses = []
    for (let i = 0; i < 4; i += 1) statuses.push((await post(app, `198.51.100.${i}, 203.0.113.7`)).status)
    expect(statuses).toEqual([200, 200, 429, 429])
  })

  it('keeps a limited client limited when a flood of new addresses fills the map', async () => {
    let time = 0
    const app = appWith({ now: () => time }) // the default map size, 10 000 clients
    await post(app, '203.0.113.7')
    await post(app, '203.0.113.7')
    expect((await post(app, '203.0.113.7')).status).toBe(429)
    for (let i = 0; i < 10_100; i += 1) {
      time += 1
      await post(app, `10.${Math.floor(i / 250)}.${i % 250}.1`)
    }
    expect((await post(app, '203.0.113.7')).status).toBe(429)
  })

  it('forgets clients whose bucket has refilled, so room comes back', async () => {
    let time = 0
    const app = appWith({ maxTrackedClients: 3, now: () => time })
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await post(app, ip)
    time += 61_000 // one refill: each of the three is back to a full bucket
    for (const ip of ['10.0.0.4', '10.0.0.5']) {
      expect((await post(app, ip)).status).toBe(200)
      expect((await post(app, ip)).status).toBe(200)
      expect((await post(app, ip)).status).toBe(429)
    }
  })

  it('counts an IPv6 /64 as one client', async () => {
    const app = appWith({})
    expect((await post(app, '2001:db8:1:2::1')).status).toBe(200)
    expect((await post(app, '2001:db8:1:2:ffff::9')).status).toBe(200)
    expect((await post(app, '2001:db8:1:2:abcd::5')).status).toBe(429)
    expect((await post(app, '2001:db8:1:3::1')).status).toBe(200)
  })
})
