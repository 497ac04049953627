import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authEmulatorHost,
  createEmulatorAccount,
  createSignedInUser,
  createTestServer,
  grantCredits,
  uniqueEmail,
  type TestServer,
} from '../testing/harness.ts'
import { saveUserResponseSchema, userRecordSchema } from '../../contract/users.ts'
import { apiErrorBodySchema } from '../../contract/errors.ts'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

describe('POST /api/users/v1', () => {
  it('saves the record once and answers the same record again (idempotent)', async () => {
    const account = await createEmulatorAccount(authEmulatorHost())
    const body = { email: account.email, name: 'Ada Lovelace' }
    const first = await server.request('/api/users/v1', { token: account.idToken, json: body })
    expect(first.status).toBe(200)
    const saved = saveUserResponseSchema.parse(await first.json())
    expect(saved).toMatchObject({ success: true, user: { email: account.email, name: 'Ada Lovelace', credits: 0, isCurrentlyGenerating: false } })
    const again = await server.request('/api/users/v1', { token: account.idToken, json: { ...body, name: 'Other' } })
    expect(saveUserResponseSchema.parse(await again.json()).user?._id).toBe(saved.user?._id)
    const rows = await server.db.selectFrom('users').selectAll().where('email', '=', account.email).execute()
    expect(rows).toHaveLength(1)
  })

  it('accepts an unverified account right after sign-up (spec §4)', async () => {
    const account = await createEmulatorAccount(authEmulatorHost(), { verified: false })
    const res = await server.request('/api/users/v1', { token: account.idToken, json: { email: account.email, name: 'New' } })
    expect(res.status).toBe(200)
  })

  it('refuses a token for another email and changes nothing', async () => {
    const account = await createEmulatorAccount(authEmulatorHost())
    const other = uniqueEmail()
    const res = await server.request('/api/users/v1', { token: account.idToken, json: { email: other, name: 'Eve' } })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'email_mismatch' })
    expect(await server.db.selectFrom('users').select('_id').where('email', '=', other).executeTakeFirst()).toBeUndefined()
  })

  it('saves a pending record without a token, claimed by the first sign-in with that email', async () => {
    const email = uniqueEmail()
    const res = await server.request('/api/users/v1', { json: { email, name: 'Pending' } })
    expect(res.status).toBe(202)
    expect(await res.json()).toMatchObject({ success: true, user: null })
    const account = await createEmulatorAccount(authEmulatorHost(), { email })
    const me = await server.request(`/api/users/v1/${email}`, { token: account.idToken })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ email, name: 'Pending' })
  })

  it('lets the signed-in owner’s name win over a name an anonymous caller saved first', async () => {
    const email = uniqueEmail()
    await server.request('/api/users/v1', { json: { email, name: 'Mallory was here' } })
    const account = await createEmulatorAccount(authEmulatorHost(), { email })
    const res = await server.request('/api/users/v1', { token: account.idToken, json: { email, name: 'Ada Lovelace' } })
    expect(res.status).toBe(200)
    expect(saveUserResponseSchema.parse(await res.json()).user).toMatchObject({ email, name: 'Ada Lovelace' })
    // Once claimed, the record is the owner's: a later anonymous save changes nothing.
    await server.request('/api/users/v1', { json: { email, name: 'Mallory again' } })
    expect(await (await server.request(`/api/users/v1/${email}`, { token: account.idToken })).json()).toMatchObject({ name: 'Ada Lovelace' })
  })

  it('takes the account’s display name when a pending record is claimed by another call', async () => {
    const email = uniqueEmail()
    await server.request('/api/users/v1', { json: { email, name: 'Mallory was here' } })
    const account = await createEmulatorAccount(authEmulatorHost(), { email, displayName: 'Grace Hopper' })
    const me = await server.request(`/api/users/v1/${email}`, { token: account.idToken })
    expect(await me.json()).toMatchObject({ email, name: 'Grace Hopper' })
  })

  it.each([
    ['malformed JSON', '{"email":', 'invalid_json'],
    ['a bad email', JSON.stringify({ email: 'not-an-email', name: 'X' }), 'validation_failed'],
    ['a missing name', JSON.stringify({ email: 'a@b.co' }), 'validation_failed'],
  ])('answers 400 for %s', async (_label, body, code) => {
    const res = await server.request('/api/users/v1', { body, headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    const json = apiErrorBodySchema.parse(await res.json())
    expect(json.code).toBe(code)
    expect(json.message).toEqual(expect.any(String))
  })
})

describe('GET /api/users/v1/{email}', () => {
  it('answers the caller’s record with credits as a number', async () => {
    const user = await createSignedInUser(server)
    await grantCredits(server.db, user.id, 12.25)
    const res = await server.request(`/api/users/v1/${encodeURIComponent(user.email)}`, { token: user.idToken })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ _id: user.id, email: user.email, name: user.name, credits: 12.25, isCurrentlyGenerating: false })
  })

  it('reports a queued generation as isCurrentlyGenerating, also in the status lookup', async () => {
    const user = await createSignedInUser(server, { credits: 3 })
    const now = new Date().toISOString()
    await server.db
      .insertInto('generations')
      .values({
        id: randomUUID(),
        user_id: user.id,
        kind: 'ugc',
        status: 'queued',
        provider: 'local',
        provider_request_id: null,
        params: '{}',
        prompt: 'p',
        cost_hundredths: 175,
        output_url: null,
        thumbnail_url: null,
        error: null,
        progress_current: 0,
        progress_total: 0,
        updated_at: now,
      })
      .execute()
    const record = userRecordSchema.parse(await (await server.request(`/api/users/v1/${user.email}`, { token: user.idToken })).json())
    expect(record.isCurrentlyGenerating).toBe(true)
    const status = await server.request(`/api/users/v1/${user.email}/status`, { token: user.idToken })
    expect(await status.json()).toEqual({ isCurrentlyGenerating: true, credits: 3 })
  })

  it('answers 404, not 500, for an email containing % (the path is decoded once)', async () => {
    const user = await createSignedInUser(server)
    for (const path of ['/api/users/v1/a%25b@example.com', '/api/users/v1/100%25@example.com/status', '/api/users/v1/%25E0%25A4%25A@example.com']) {
      const res = await server.request(path, { token: user.idToken })
      expect({ path, status: res.status, body: await res.json() }).toMatchObject({ path, status: 404, body: { code: 'user_not_found' } })
    }
    const own = await server.request(`/api/users/v1/${encodeURIComponent(user.email)}/status`, { token: user.idToken })
    expect(own.status).toBe(200)
  })

  it('answers 404 for another user’s email', async () => {
    const alice = await createSignedInUser(server)
    const bob = await createSignedInUser(server)
    for (const path of [`/api/users/v1/${bob.email}`, `/api/users/v1/${bob.email}/status`]) {
      const res = await server.request(path, { token: alice.idToken })
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'user_not_found' })
    }
  })

  it('refuses a missing, forged, unverified or unregistered caller', async () => {
    const user = await createSignedInUser(server)
    const path = `/api/users/v1/${user.email}`
    expect(await (await server.request(path)).json()).toMatchObject({ code: 'missing_token' })
    expect(await (await server.request(path, { token: 'not.a.token' })).json()).toMatchObject({ code: 'invalid_token' })
    const unverified = await createEmulatorAccount(authEmulatorHost(), { verified: false })
    const res = await server.request(`/api/users/v1/${unverified.email}`, { token: unverified.idToken })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'email_not_verified' })
    const unregistered = await createEmulatorAccount(authEmulatorHost())
    const missing = await server.request(`/api/users/v1/${unregistered.email}`, { token: unregistered.idToken })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ code: 'user_not_found' })
  })
})
