import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadResultSchema } from '../../contract/media.ts'
import { createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'

// Other people cannot write into your records (docs/decisions/0269): a
// message sent signed out that names your address is not yours, in the
// export or the deletion; and media of ours is recognised by its key,
// however our origin is spelled, so nobody starts a job on another user's
// upload.

describe.each(testDatabases)('records that are yours (%s)', (database) => {
  let fixtures: MediaFixtures
  let server: TestServer

  beforeAll(async () => {
    fixtures = await createMediaFixtures()
    server = await createTestServer({ database, env: { FORM_RATE_LIMIT_BURST: '50' } })
  })
  afterAll(async () => {
    await server.close()
    await fixtures.remove()
  })

  async function uploadImage(user: TestUser): Promise<string> {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await readFile(fixtures.imageFile))], { type: 'image/png' }), 'face.png')
    form.append('upload_preset', 'image')
    const res = await server.app.request('/api/media/v1/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${user.idToken}` } })
    expect(res.status).toBe(200)
    return new URL(uploadResultSchema.parse(await res.json()).secure_url).pathname.slice('/media/'.length)
  }

  it('leaves a message sent signed out in someone’s name out of their export and their deletion', async () => {
    const ada = await createSignedInUser(server)
    const planted = [
      server.request('/api/bug-reports/v1/new', {
        json: { userId: null, userEmail: ada.email, message: 'I confess everything', attachment: 'https://evil.example/shot.png' },
      }),
      server.request('/api/messages/v1/new', { json: { userId: null, email: ada.email, type: 'contact', message: 'Planted in her name' } }),
      server.request('/api/messages/v1/new', { token: ada.idToken, json: { userId: ada.uid, type: 'contact', message: 'Really mine' } }),
      server.request('/api/bug-reports/v1/new', {
        token: ada.idToken,
        json: { userId: ada.uid, userEmail: ada.email, message: 'My own bug', attachment: null },
      }),
    ]
    for (const res of await Promise.all(planted)) expect(res.status).toBe(200)

    const exported = await server.request('/api/account/v1/export', { token: ada.idToken })
    expect(exported.status).toBe(200)
    const file = (await exported.json()) as { messages: { message: string }[]; bugReports: { message: string }[] }
    expect(file.messages.map((message) => message.message)).toEqual(['Really mine'])
    expect(file.bugReports.map((report) => report.message)).toEqual(['My own bug'])
    expect(JSON.stringify(file)).not.toContain('evil.example')

    expect((await server.request('/api/account/v1/deletion', { token: ada.idToken, json: { confirm: true } })).status).toBe(200)
    // Hers went with the account; the planted ones were never hers to delete (retention removes them).
    const left = await server.db.selectFrom('messages').select('message').where('email', '=', ada.email).execute()
    expect(left.map((row) => row.message)).toEqual(['Planted in her name'])
    const reports = await server.db.selectFrom('bug_reports').select('message').where('user_email', '=', ada.email).execute()
    expect(reports.map((row) => row.message)).toEqual(['I confess everything'])
  })

  it('refuses another user’s upload in a job start whatever the spelling of our origin', async () => {
    const owner = await createSignedInUser(server)
    const thief = await createSignedInUser(server, { credits: 20 })
    const key = await uploadImage(owner)
    // app.request() calls arrive on http://localhost; these all name the same object of ours.
    const spellings = [
      `http://127.0.0.1/media/${key}`,
      `HTTP://LOCALHOST:80/media/${key}`,
      `http://localhost./media/${key}`,
      `http://[::1]/media/${key}`,
      `http://2130706433/media/${key}`,
      `http://0x7f.1/media/${key}`,
      `http://localhost/%6Dedia/${key}`,
      `http://localhost/x/../media/${key}?exp=1&sig=forged`,
      `https://cdn.example/media/${key.toUpperCase()}`,
      `http://localhost//media/${key}`,
    ]
    for (const url of spellings) {
      const res = await server.request('/api/fal/v1/imageToVideo', { token: thief.idToken, json: { prompt: 'Not mine', img_url: url, user_id: thief.id } })
      expect({ url, status: res.status }).toEqual({ url, status: 403 })
    }
    expect(await server.db.selectFrom('generations').select('id').where('user_id', '=', thief.id).execute()).toEqual([])

    // The owner's own object, spelled another way, is theirs: the job keeps it as our reference.
    const mine = await server.request('/api/fal/v1/imageToVideo', {
      token: owner.idToken,
      json: { prompt: 'Mine', img_url: `http://127.0.0.1./media/${key}`, user_id: owner.id },
    })
    expect(mine.status).not.toBe(403)
  })
})
