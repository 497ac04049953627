import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'

// Nothing of a deleted account stays behind (docs/decisions/0268): an upload
// still streaming when the account goes answers a clear 4xx and leaves no
// file, and the SQLite file holds no trace of the address or the name.

/** Every file under a folder, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

const noop = (): void => {}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = noop
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open: () => open() }
}

/** A multipart upload whose file part arrives in two halves; the second waits for `release()`. */
function uploadInTwoHalves(image: Uint8Array): { body: ReadableStream<Uint8Array>; contentType: string; release(): void; firstHalfSent: Promise<void> } {
  const boundary = `----actorly-${Date.now()}`
  const encoder = new TextEncoder()
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\nimage\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="face.png"\r\nContent-Type: image/png\r\n\r\n`,
  )
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`)
  const middle = Math.floor(image.length / 2)
  const released = gate()
  const firstHalf = gate()
  let part = 0
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      part += 1
      if (part === 1) controller.enqueue(head)
      else if (part === 2) {
        controller.enqueue(image.subarray(0, middle))
        firstHalf.open()
      } else if (part === 3) {
        await released.opened
        controller.enqueue(image.subarray(middle))
      } else if (part === 4) controller.enqueue(tail)
      else controller.close()
    },
  })
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, release: released.open, firstHalfSent: firstHalf.opened }
}

describe.each(testDatabases)('an upload in flight while the account is deleted (%s)', (database) => {
  let fixtures: MediaFixtures
  let server: TestServer
  let origin = ''

  beforeAll(async () => {
    fixtures = await createMediaFixtures()
    server = await createTestServer({ database })
    origin = await server.listen()
  })
  afterAll(async () => {
    await server.close()
    await fixtures.remove()
  })

  it('answers 401 account_deleted and leaves no file in the store', async () => {
    const ada = await createSignedInUser(server)
    const mediaDir = path.join(server.dataDir, 'media')
    const before = await filesUnder(mediaDir)
    const upload = uploadInTwoHalves(new Uint8Array(await readFile(fixtures.imageFile)))
    const answer = fetch(`${origin}/api/media/v1/upload`, {
      method: 'POST',
      body: upload.body,
      headers: { authorization: `Bearer ${ada.idToken}`, 'content-type': upload.contentType },
      duplex: 'half',
    })
    await upload.firstHalfSent
    const deleted = await server.request('/api/account/v1/deletion', { token: ada.idToken, json: { confirm: true } })
    expect(deleted.status).toBe(200)
    upload.release()

    const res = await answer
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'account_deleted' })
    expect(await filesUnder(mediaDir)).toEqual(before)
    expect(await server.db.selectFrom('media_objects').select('key').where('owner_user_id', '=', ada.id).execute()).toEqual([])
  })
})

describe('the SQLite file after a deletion', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server.close())

  it('holds neither the address nor the name, not even in free pages or the write-ahead log', async () => {
    const name = 'Zebulon Quixote-Marchbanks'
    const ada = await createSignedInUser(server, { name, credits: 3 })
    for (const message of ['First message from my account', 'Second one']) {
      const res = await server.request('/api/messages/v1/new', { token: ada.idToken, json: { userId: ada.uid, type: 'contact', subject: name, message } })
      expect(res.status).toBe(200)
    }
    const report = await server.request('/api/bug-reports/v1/new', {
      token: ada.idToken,
      json: { userId: ada.uid, userEmail: ada.email, message: `A bug, says ${name}`, attachment: null },
    })
    expect(report.status).toBe(200)
    const files = (await filesUnder(server.dataDir)).filter((file) => path.basename(file).startsWith('actorly.sqlite'))
    const holds = async (text: string) => {
      for (const file of files) if ((await readFile(file).catch(() => Buffer.alloc(0))).includes(Buffer.from(text))) return true
      return false
    }
    expect(await holds(ada.email)).toBe(true)

    expect((await server.request('/api/account/v1/deletion', { token: ada.idToken, json: { confirm: true } })).status).toBe(200)
    expect({ email: await holds(ada.email), name: await holds(name) }).toEqual({ email: false, name: false })
  })
})
