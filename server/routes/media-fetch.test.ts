import { readdir, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_FETCH_PATH, uploadResultSchema } from '../../contract/media.ts'
import { MAX_UPLOAD_BYTES } from '../../contract/constants.ts'
import type { AppEnv } from '../http/env.ts'
import { createRemoteFetcher } from '../media/fetch-remote.ts'
import { createDiskMediaStore, type MediaStore } from '../media/store.ts'
import { createMediaTestApp } from '../testing/media-test-app.ts'
import { makeAudio, makeTempDir } from '../render/testing/media-fixtures.ts'
import { apiErrorBodySchema } from '../../contract/errors.ts'

let temp: Awaited<ReturnType<typeof makeTempDir>>
let store: MediaStore
let remote: Server
let origin = ''
let mp3: Buffer

function appWith(fetcher?: ReturnType<typeof createRemoteFetcher>): Hono<AppEnv> {
  return createMediaTestApp(store, fetcher === undefined ? {} : { fetchRemoteToFile: fetcher.fetchRemoteToFile }).app
}
/** Only this app may reach the local test server: 127.0.0.1 is trusted by constructor, never by configuration. */
let trustingApp: Hono<AppEnv>
/** The production default: public addresses only. */
let productionApp: Hono<AppEnv>

beforeAll(async () => {
  temp = await makeTempDir('actorly-media-fetch-')
  store = await createDiskMediaStore({ dir: path.join(temp.dir, 'media') })
  mp3 = await readFile(await makeAudio(path.join(temp.dir, 'tone.mp3'), 0.6))
  remote = createServer((req, res) => {
    if (req.url === '/tone.mp3') res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3)
    else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html><script>alert(1)</script></html>')
    else if (req.url === '/fake.mp3') res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('<html><script>alert(1)</script></html>'.padEnd(300))
    else if (req.url === '/huge.mp3') res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.concat([mp3, Buffer.alloc(MAX_UPLOAD_BYTES)]))
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve))
  const address = remote.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  origin = `http://127.0.0.1:${address.port}`
  trustingApp = appWith(createRemoteFetcher({ trustedTestAddresses: ['127.0.0.1'] }))
  productionApp = appWith()
})
afterAll(async () => {
  remote.closeAllConnections()
  await new Promise((resolve) => remote.close(resolve))
  await temp.remove()
})

const fetchUrl = (app: Hono<AppEnv>, body: unknown, token = 'alice') =>
  app.request(MEDIA_FETCH_PATH, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  })

/** Files left in the store or its incoming folder. */
async function leftovers(): Promise<string[]> {
  const dir = path.join(temp.dir, 'media')
  return [...(await readdir(dir)).filter((name) => name !== '.incoming'), ...(await readdir(path.join(dir, '.incoming')))]
}

describe('POST /api/media/v1/fetch (audio by URL)', () => {
  it('downloads an audio URL, stores it and answers like an upload', async () => {
    const res = await fetchUrl(trustingApp, { url: `${origin}/tone.mp3`, upload_preset: 'audio' })
    expect(res.status).toBe(200)
    const body = uploadResultSchema.parse(await res.json())
    expect(body).toMatchObject({ kind: 'audio', format: 'mp3', resource_type: 'video', bytes: mp3.length })
    expect(body.secure_url).toMatch(/^http:\/\/127\.0\.0\.1:8720\/media\/[0-9a-f-]{36}\.mp3\?exp=\d+&sig=[\w-]+$/)
    expect(body.duration).toBeGreaterThan(0.5)
    const served = await trustingApp.request(body.secure_url)
    expect(Buffer.from(await served.arrayBuffer()).equals(mp3)).toBe(true)
  })

  it('refuses a loopback URL in the production setup, with the spec’s wording', async () => {
    const res = await fetchUrl(productionApp, { url: `${origin}/tone.mp3`, upload_preset: 'audio' })
    expect(res.status).toBe(400)
    const body = apiErrorBodySchema.parse(await res.json())
    expect(body.code).toBe('url_not_allowed')
    expect(body.message).toContain('Unsupported file type or URL. Please upload a file in one of the supported formats listed below.')
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd', 'http://[::1]/a.mp3']) {
      expect(await (await fetchUrl(productionApp, { url, upload_preset: 'audio' })).json()).toMatchObject({ code: 'url_not_allowed' })
    }
  })

  it.each([
    ['a page that is not audio', '/page.html'],
    ['HTML sent as audio/mpeg', '/fake.mp3'],
  ])('refuses %s with 415, keeping nothing', async (_label, route) => {
    const res = await fetchUrl(trustingApp, { url: `${origin}${route}`, upload_preset: 'audio' })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({
      code: 'invalid_file_type',
      message: 'Unsupported file type or URL. Please upload a file in one of the supported formats listed below.',
    })
    expect((await leftovers()).filter((name) => name.startsWith('remote-'))).toEqual([])
  })

  it('refuses a file over 10 MB with 413 (spec §9)', async () => {
    const before = await leftovers()
    const res = await fetchUrl(trustingApp, { url: `${origin}/huge.mp3`, upload_preset: 'audio' })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ code: 'file_too_large' })
    expect(await leftovers()).toEqual(before)
  })

  it('answers 502 upstream_failed when the URL does not answer with a file', async () => {
    const res = await fetchUrl(trustingApp, { url: `${origin}/missing.mp3`, upload_preset: 'audio' })
    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({ code: 'upstream_failed' })
  })

  it('needs a signed-in user, a URL and the audio preset', async () => {
    expect((await fetchUrl(trustingApp, { url: `${origin}/tone.mp3`, upload_preset: 'audio' }, 'nobody')).status).toBe(401)
    expect((await fetchUrl(trustingApp, { url: `${origin}/tone.mp3`, upload_preset: 'video' })).status).toBe(400)
    expect((await fetchUrl(trustingApp, { upload_preset: 'audio' })).status).toBe(400)
    expect((await fetchUrl(trustingApp, { url: '', upload_preset: 'audio' })).status).toBe(400)
  })
})
