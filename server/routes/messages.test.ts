import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, createTestServer, type TestServer } from '../testing/harness.ts'
import { formResponseSchema } from '../../contract/messages.ts'

let server: TestServer
beforeAll(async () => {
  // TRUST_PROXY lets each test speak for its own client IP through X-Forwarded-For.
  server = await createTestServer({ env: { TRUST_PROXY: 'true', FORM_RATE_LIMIT_BURST: '3', FORM_RATE_LIMIT_REFILL_SECONDS: '3600' } })
})
afterAll(() => server.close())

let ipCounter = 0
const freshIp = (): Record<string, string> => ({ 'x-forwarded-for': `203.0.113.${++ipCounter}` })

const contact = { userId: null, userName: 'Vera', email: 'vera@example.com', type: 'contact', subject: 'Hi', message: 'Hello there' }
const bug = { userId: null, userEmail: null, message: 'The button is stuck', attachment: 'https://example.com/shot.png' }

describe('POST /api/messages/v1/new', () => {
  it('stores a visitor message and answers a success text containing "successfully"', async () => {
    const res = await server.request('/api/messages/v1/new', { json: contact, headers: freshIp() })
    expect(res.status).toBe(200)
    const body = formResponseSchema.parse(await res.json())
    expect(body.success).toBe(true)
    expect(body.message).toContain('successfully')
    const row = await server.db.selectFrom('messages').selectAll().where('email', '=', 'vera@example.com').executeTakeFirst()
    expect(row).toMatchObject({ user_id: null, user_name: 'Vera', subject: 'Hi', message: 'Hello there', type: 'contact' })
  })

  it('uses the signed-in user’s own record and refuses someone else’s id', async () => {
    const user = await createSignedInUser(server)
    const ok = await server.request('/api/messages/v1/new', {
      token: user.idToken,
      json: { ...contact, userId: user.uid, email: 'spoof@x.com', message: 'From me' },
    })
    expect(ok.status).toBe(200)
    const row = await server.db.selectFrom('messages').selectAll().where('user_id', '=', user.id).executeTakeFirst()
    expect(row).toMatchObject({ email: user.email, user_name: user.name, message: 'From me' })
    const other = await server.request('/api/messages/v1/new', { token: user.idToken, json: { ...contact, userId: 'someone-else' } })
    expect(other.status).toBe(403)
  })

  it.each([
    [{ ...contact, message: '   ' }, 'Message is required'],
    [{ ...contact, email: 'nope' }, 'valid email'],
    [{ ...contact, email: null }, 'valid email'],
    [{ ...contact, type: 'spam' }, 'type'],
  ])('answers 400 for %o and stores nothing', async (body, message) => {
    const before = await server.db.selectFrom('messages').select('id').execute()
    const res = await server.request('/api/messages/v1/new', { json: body, headers: freshIp() })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ message: expect.stringContaining(message) })
    expect(await server.db.selectFrom('messages').select('id').execute()).toHaveLength(before.length)
  })

  it('silently drops a post whose honeypot is filled', async () => {
    const res = await server.request('/api/messages/v1/new', { json: { ...contact, email: 'bot@example.com', website: 'http://spam' }, headers: freshIp() })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true })
    expect(await server.db.selectFrom('messages').select('id').where('email', '=', 'bot@example.com').execute()).toHaveLength(0)
  })

  it('rate limits anonymous posts per IP', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await server.request('/api/messages/v1/new', { json: contact, headers: ip })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await server.request('/api/messages/v1/new', { json: contact, headers: ip })
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await server.request('/api/messages/v1/new', { json: contact, headers: freshIp() })).status).toBe(200)
  })
})

describe('POST /api/bug-reports/v1/new', () => {
  it('stores an anonymous report', async () => {
    const res = await server.request('/api/bug-reports/v1/new', { json: bug, headers: freshIp() })
    expect(await res.json()).toEqual({ success: true, message: expect.stringContaining('successfully') })
    const row = await server.db.selectFrom('bug_reports').selectAll().where('message', '=', bug.message).executeTakeFirst()
    expect(row).toMatchObject({ user_id: null, user_email: null, attachment: bug.attachment })
  })

  it('stores a signed-in report with the caller’s id and email', async () => {
    const user = await createSignedInUser(server)
    const res = await server.request('/api/bug-reports/v1/new', {
      token: user.idToken,
      json: { ...bug, userId: user.id, userEmail: user.email, message: 'Mine' },
    })
    expect(res.status).toBe(200)
    const row = await server.db.selectFrom('bug_reports').selectAll().where('user_id', '=', user.id).executeTakeFirst()
    expect(row).toMatchObject({ user_email: user.email, message: 'Mine' })
  })

  it('refuses an empty description, a foreign id and anonymous ids', async () => {
    const user = await createSignedInUser(server)
    expect((await server.request('/api/bug-reports/v1/new', { json: { ...bug, message: '' }, headers: freshIp() })).status).toBe(400)
    expect((await server.request('/api/bug-reports/v1/new', { token: user.idToken, json: { ...bug, userId: 'x' } })).status).toBe(403)
    expect((await server.request('/api/bug-reports/v1/new', { json: { ...bug, userId: user.id }, headers: freshIp() })).status).toBe(401)
  })

  it('drops a honeypot report', async () => {
    await server.request('/api/bug-reports/v1/new', { json: { ...bug, message: 'bot report', website: 'x' }, headers: freshIp() })
    expect(await server.db.selectFrom('bug_reports').select('id').where('message', '=', 'bot report').execute()).toHaveLength(0)
  })
})
