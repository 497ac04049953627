import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadResultSchema } from '../../contract/media.ts'
import { createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { findUserForIdentity } from '../domain/users.ts'
import { openEventStream } from '../testing/sse.ts'
import { authEmulatorHost, createEmulatorAccount, createSignedInUser, createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'

// A deleted account's token that is still within its lifetime (firebase-admin
// checks only the signature on most calls) must never reach the next account
// that signs up with the same address: every route refuses it before any
// lookup (docs/decisions/0266). Two instances on one database, as behind a
// load balancer: the deletion goes through one, the new account through the
// other, and the old token is tried on both.

const directoryOf = (server: TestServer) => ({ db: server.db, identityExists: (uid: string) => server.identityAdmin.identityExists(uid) })

async function deleteEmulatorAccount(uid: string): Promise<void> {
  const res = await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/projects/demo-actorly/accounts:delete`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ localId: uid }),
  })
  expect(res.status).toBe(200)
}

describe.each(testDatabases)('a deleted account’s token, on two instances (%s)', (database) => {
  let fixtures: MediaFixtures
  let one: TestServer
  let two: TestServer
  let originTwo = ''

  beforeAll(async () => {
    fixtures = await createMediaFixtures()
    one = await createTestServer({ database })
    two = await createTestServer({ sameDatabaseAs: one })
    originTwo = await two.listen()
  }, 120_000)
  afterAll(async () => {
    await two.close()
    await one.close()
    await fixtures.remove()
  })

  async function upload(server: TestServer, token: string): Promise<Response> {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await readFile(fixtures.imageFile))], { type: 'image/png' }), 'face.png')
    form.append('upload_preset', 'image')
    return server.app.request('/api/media/v1/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
  }

  it('is refused on every route once the address belongs to a new account, which keeps everything', async () => {
    const first = await createSignedInUser(one, { name: 'First Owner' })
    const oldToken = first.idToken
    const deleted = await one.request('/api/account/v1/deletion', { token: oldToken, json: { confirm: true } })
    expect(deleted.status).toBe(200)

    // The same address signs up again: a new identity, verified, with a record, credits and an upload.
    const next = await createEmulatorAccount(authEmulatorHost(), { email: first.email, displayName: 'Next Owner' })
    expect(next.uid).not.toBe(first.uid)
    const saved = await two.request('/api/users/v1', { token: next.idToken, json: { email: first.email, name: 'Next Owner' } })
    expect(saved.status).toBe(200)
    const { user: record } = (await saved.json()) as { user: { _id: string } }
    const uploaded = await upload(two, next.idToken)
    expect(uploaded.status).toBe(200)
    const link = new URL(uploadResultSchema.parse(await uploaded.json()).secure_url)
    const key = link.pathname.slice('/media/'.length)

    const attempts: [string, (server: TestServer) => Promise<Response>][] = [
      ['record', (s) => s.request(`/api/users/v1/${first.email}`, { token: oldToken })],
      ['status', (s) => s.request(`/api/users/v1/${first.email}/status`, { token: oldToken })],
      ['save', (s) => s.request('/api/users/v1', { token: oldToken, json: { email: first.email, name: 'Taken over' } })],
      ['media', (s) => s.request(`/media/${key}`, { token: oldToken })],
      ['upload', (s) => upload(s, oldToken)],
      ['gallery', (s) => s.request('/api/fal/v1/getMinMaxGallery', { token: oldToken, json: { page: 1, limit: 10 } })],
      ['ugc gallery', (s) => s.request('/api/fal/v1/gallery', { token: oldToken, json: { page: 1, limit: 10 } })],
      ['contact', (s) => s.request('/api/messages/v1/new', { token: oldToken, json: { userId: first.uid, type: 'contact', message: 'hello' } })],
      ['bug report', (s) => s.request('/api/bug-reports/v1/new', { token: oldToken, json: { userId: first.uid, userEmail: null, message: 'a bug' } })],
      ['confirm', (s) => s.request('/api/payment/v1/confirm', { token: oldToken, json: { sessionId: 'cs_test_none' } })],
      ['export', (s) => s.request('/api/account/v1/export', { token: oldToken })],
      ['deletion', (s) => s.request('/api/account/v1/deletion', { token: oldToken, json: { confirm: true } })],
    ]
    for (const server of [one, two]) {
      for (const [name, attempt] of attempts) {
        const res = await attempt(server)
        expect({ name, status: res.status }).toEqual({ name, status: 401 })
        expect(await res.json()).toMatchObject({ code: 'account_deleted' })
      }
    }
    // The event stream, over a real socket.
    const stream = await openEventStream(`${originTwo}/api/fal/v1/events`, { authorization: `Bearer ${oldToken}` })
    expect(stream.status).toBe(401)
    stream.close()

    // The new account is untouched: still its own record, its upload, its uid.
    const row = await two.db.selectFrom('users').selectAll().where('email', '=', first.email).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ _id: record._id, firebase_uid: next.uid, name: 'Next Owner' })
    expect((await two.request(`/api/users/v1/${first.email}`, { token: next.idToken })).status).toBe(200)
    expect((await two.request(`/media/${key}`, { token: next.idToken })).status).toBe(200)
    expect(await one.db.selectFrom('messages').select('id').where('user_id', '=', record._id).execute()).toEqual([])
  }, 60_000)

  it('never moves a record away from a live identity that names the same verified address', async () => {
    const owner = await createSignedInUser(one, { name: 'Owner', credits: 3 })
    const other = await createEmulatorAccount(authEmulatorHost())
    // A token of a live identity carrying the owner's address, verified (the identity service can hold
    // several accounts per address; a provider can vouch for an address another account already has).
    const claimant = { uid: other.uid, email: owner.email, emailVerified: true, name: 'Claimant', authTime: Math.floor(Date.now() / 1000) }
    expect(await findUserForIdentity(directoryOf(two), claimant)).toBeUndefined()
    const row = await one.db.selectFrom('users').selectAll().where('_id', '=', owner.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ firebase_uid: owner.uid, name: 'Owner', credits_hundredths: 300 })
    expect((await one.request(`/api/users/v1/${owner.email}`, { token: owner.idToken })).status).toBe(200)

    // Once the owner's identity is gone from the identity service (the emulator forgot it), the
    // mailbox's new identity gets the record and its credits (docs/decisions/0062).
    await deleteEmulatorAccount(owner.uid)
    expect(await findUserForIdentity(directoryOf(two), claimant)).toMatchObject({ _id: owner.id, firebase_uid: other.uid, credits_hundredths: 300 })
  }, 60_000)
})
