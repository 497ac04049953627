import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'

// A U+0000 in any text of a JSON body is refused at validation with the same
// 400 on SQLite and PostgreSQL (PostgreSQL cannot store it in text and used
// to answer 500), and nothing is stored or charged.

describe.each(testDatabases)('U+0000 in text on %s', (database) => {
  let server: TestServer
  let user: TestUser
  beforeAll(async () => {
    server = await createTestServer({ database, env: { TRUST_PROXY: 'true' } })
    user = await createSignedInUser(server, { credits: 5 })
  })
  afterAll(() => server.close())

  const counts = async () => ({
    messages: (await server.db.selectFrom('messages').select('id').execute()).length,
    bugs: (await server.db.selectFrom('bug_reports').select('id').execute()).length,
    jobs: (await server.db.selectFrom('generations').select('id').execute()).length,
    ledger: (await server.db.selectFrom('credit_ledger').select('id').execute()).length,
  })

  const contact = { userId: null, userName: 'Vera', email: 'vera@example.com', type: 'contact', subject: 'Hi', message: 'Hello' }
  const cases = [
    { name: 'a contact message', path: '/api/messages/v1/new', json: { ...contact, message: 'Hel\u0000lo' }, field: 'message' },
    { name: 'a contact subject', path: '/api/messages/v1/new', json: { ...contact, subject: '\u0000' }, field: 'subject' },
    { name: 'a visitor name', path: '/api/messages/v1/new', json: { ...contact, userName: 'V\u0000' }, field: 'userName' },
    {
      name: 'a bug report',
      path: '/api/bug-reports/v1/new',
      json: { userId: null, userEmail: null, message: 'Broken\u0000', attachment: null },
      field: 'message',
    },
  ]

  it.each(cases)('refuses $name with 400 validation_failed naming the field', async ({ path, json, field }) => {
    const before = await counts()
    const res = await server.request(path, { json, headers: { 'x-forwarded-for': '198.51.100.7' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'validation_failed', message: `${field}: must not contain the character U+0000` })
    expect(await counts()).toEqual(before)
  })

  it('refuses a prompt with U+0000 before anything is charged', async () => {
    const before = await counts()
    const res = await server.request('/api/fal/v1/generate', {
      token: user.idToken,
      json: { prompt: 'A chef\u0000 smiling', user_id: user.id, duration: 5 },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'validation_failed', message: 'prompt: must not contain the character U+0000' })
    expect(await counts()).toEqual(before)
  })

  it('still stores text with other control characters and non-Latin letters', async () => {
    const res = await server.request('/api/bug-reports/v1/new', {
      token: user.idToken,
      json: { userId: user.uid, userEmail: user.email, message: 'Tab\there, Grüße, 日本', attachment: null },
    })
    expect(res.status).toBe(200)
  })
})
