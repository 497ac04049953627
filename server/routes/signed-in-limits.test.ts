import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, createTestServer, testDatabases, uniqueEmail, type TestServer, type TestUser } from '../testing/harness.ts'

// Limits on what a signed-in account can do to others (docs/decisions/0271):
// its contact messages and bug reports are limited per user, as the
// anonymous ones are per address; and the shared demo account cannot be
// deleted.

const BURST = 4

describe.each(testDatabases)('signed-in limits (%s)', (database) => {
  let server: TestServer
  // One emulator serves every test file: the demo address is this run's own.
  const DEMO_EMAIL = uniqueEmail('demo')

  beforeAll(async () => {
    server = await createTestServer({ database, env: { FORM_RATE_LIMIT_BURST: String(BURST), DEMO_ACCOUNT_EMAIL: DEMO_EMAIL } })
  })
  afterAll(() => server.close())

  const contact = (user: TestUser, n: number) =>
    server.request('/api/messages/v1/new', { token: user.idToken, json: { userId: user.uid, type: 'contact', subject: `#${n}`, message: `Message ${n}` } })
  const bugReport = (user: TestUser, n: number) =>
    server.request('/api/bug-reports/v1/new', { token: user.idToken, json: { userId: user.uid, userEmail: user.email, message: `Bug ${n}`, attachment: null } })
  const outboxOf = async (user: TestUser) => {
    const messages = await server.db.selectFrom('messages').select('id').where('user_id', '=', user.id).execute()
    const reports = await server.db.selectFrom('bug_reports').select('id').where('user_id', '=', user.id).execute()
    const ids = [...messages, ...reports].map((row) => row.id)
    return ids.length === 0 ? 0 : (await server.db.selectFrom('outbox').select('id').where('source_id', 'in', ids).execute()).length
  }

  it('limits one account’s messages and bug reports together, and no one else’s', async () => {
    const ada = await createSignedInUser(server)
    const bob = await createSignedInUser(server)
    const statuses: number[] = []
    for (let n = 0; n < 40; n += 1) statuses.push((await (n % 2 === 0 ? contact(ada, n) : bugReport(ada, n))).status)
    expect(statuses.slice(0, BURST)).toEqual(Array<number>(BURST).fill(200))
    expect(statuses.slice(BURST)).toEqual(Array<number>(40 - BURST).fill(429))
    expect(await outboxOf(ada)).toBe(BURST)

    const refused = await contact(ada, 41)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

    // Another account, and a visitor signed out on the same address, have their own room.
    expect((await contact(bob, 1)).status).toBe(200)
    const visitor = await server.request('/api/messages/v1/new', { json: { userId: null, email: 'visitor@example.test', type: 'contact', message: 'Hello' } })
    expect(visitor.status).toBe(200)
  })

  it('refuses to delete the demo account, and changes nothing', async () => {
    const demo = await createSignedInUser(server, { email: DEMO_EMAIL, name: 'Demo Account' })
    const res = await server.request('/api/account/v1/deletion', { token: demo.idToken, json: { confirm: true } })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'demo_account_protected' })
    expect(await server.db.selectFrom('account_deletions').select('id').where('user_id', '=', demo.id).execute()).toEqual([])
    expect((await server.request(`/api/users/v1/${DEMO_EMAIL}`, { token: demo.idToken })).status).toBe(200)
  })
})
