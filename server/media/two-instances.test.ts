import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadResultSchema } from '../../contract/media.ts'
import { imageToVideoResponseSchema, type StatusResponse, statusResponseSchema } from '../../contract/generations.ts'
import { createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { startStorageEmulator, type StorageEmulator } from '../emulators/storage-emulator.ts'

// Two composed API servers on one database and one bucket (the Firebase
// Storage emulator), each on its own port, as behind a load balancer: media
// uploaded through one is served by the other with byte ranges, stays
// private to its owner, and a job started on one renders from and into the
// bucket and plays through the other.

const BUCKET = 'demo-actorly.appspot.com'

/** The same path and query on another instance's origin. */
const on = (origin: string, link: string): string => {
  const url = new URL(link)
  return `${origin}${url.pathname}${url.search}`
}

async function uploadThrough(origin: string, file: string, preset: string, user: TestUser): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(await readFile(file))]), 'input.bin')
  form.append('upload_preset', preset)
  const res = await fetch(`${origin}/api/media/v1/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.idToken}` } })
  expect(res.status).toBe(200)
  return uploadResultSchema.parse(await res.json()).secure_url
}

describe.each(testDatabases)('media shared by two instances on %s and Cloud Storage', (database) => {
  let emulator: StorageEmulator
  let fixtures: MediaFixtures
  let a: TestServer
  let b: TestServer
  let originA = ''
  let originB = ''
  let owner: TestUser
  let stranger: TestUser

  beforeAll(async () => {
    emulator = await startStorageEmulator({ projectId: 'demo-actorly' })
    fixtures = await createMediaFixtures()
    const env = {
      MEDIA_STORE: 'cloud',
      MEDIA_BUCKET: BUCKET,
      FIREBASE_STORAGE_EMULATOR_HOST: emulator.host,
      MEDIA_SIGNING_SECRET: 'two-instances-share-this-signing-secret-0123456789',
      GENERATION_POLL_INTERVAL_MS: '100',
    }
    // A's process also runs a worker: it renders the job (docs/decisions/0210).
    a = await createTestServer({ database, env, worker: true })
    b = await createTestServer({ env, sameDatabaseAs: a })
    originA = await a.listen()
    originB = await b.listen()
    owner = await createSignedInUser(a, { credits: 5 })
    stranger = await createSignedInUser(b)
  }, 180_000)
  afterAll(async () => {
    await b?.close()
    await a?.close()
    await fixtures?.remove()
    await emulator?.stop()
  })

  it('serves an upload through A to its owner through B, with byte ranges', async () => {
    const bytes = await readFile(fixtures.videoFile)
    const link = await uploadThrough(originA, fixtures.videoFile, 'video', owner)
    const whole = await fetch(on(originB, link))
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true)
    const part = await fetch(on(originB, link), { headers: { range: 'bytes=32-1055' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 32-1055/${bytes.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(32, 1056))).toBe(true)
    const tail = await fetch(on(originB, link), { headers: { range: 'bytes=-100' } })
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-100))).toBe(true)
    // Without the link: only the owner's own token, on either instance.
    const path = new URL(link).pathname
    expect((await fetch(`${originB}${path}`, { headers: { authorization: `Bearer ${owner.idToken}`, range: 'bytes=0-9' } })).status).toBe(206)
    expect((await fetch(`${originB}${path}`, { headers: { authorization: `Bearer ${stranger.idToken}` } })).status).toBe(404)
    expect((await fetch(`${originA}${path}`)).status).toBe(403)
    expect((await fetch(`${originB}/media/`)).status).toBe(404)
  })

  it('refuses another user’s upload as a job input, on either instance', async () => {
    const image = await uploadThrough(originB, fixtures.imageFile, 'image', owner)
    const res = await fetch(`${originA}/api/fal/v1/imageToVideo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stranger.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'waves', img_url: image, user_id: stranger.id }),
    })
    expect(res.status).toBe(403)
  })

  it('renders a job started on A from an image uploaded through B, into the bucket, playable through B', async () => {
    const image = await uploadThrough(originB, fixtures.imageFile, 'image', owner)
    const started = await fetch(`${originA}/api/fal/v1/imageToVideo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'waves hello', img_url: image, user_id: owner.id }),
    })
    expect(started.status).toBe(200)
    const { request_id: requestId } = imageToVideoResponseSchema.parse(await started.json())
    let status: StatusResponse | null = null
    for (let i = 0; i < 600 && status?.status !== 'completed' && status?.status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      const res = await fetch(`${originA}/api/fal/v1/getImageToVideoResaults`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requestId }),
      })
      status = statusResponseSchema.parse(await res.json())
    }
    expect(status?.status).toBe('completed')
    const row = await a.db.selectFrom('generations').select(['output_url', 'params']).where('id', '=', requestId).executeTakeFirstOrThrow()
    expect(row.output_url).toMatch(/^\/media\/[0-9a-f-]{36}\.mp4$/)
    expect(row.params).toContain('"imageUrl":"/media/')
    const video = await fetch(on(originB, status?.outputUrl ?? ''), { headers: { range: 'bytes=4-11' } })
    expect(video.status).toBe(206)
    expect(Buffer.from(await video.arrayBuffer()).toString('latin1')).toBe('ftypisom')
  }, 180_000)
})
