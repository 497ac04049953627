import { readdir } from 'node:fs/promises'
import { connect } from 'node:net'
import path from 'node:path'
import { Writable } from 'node:stream'
import { serve, type ServerType } from '@hono/node-server'
import type { Hono } from 'hono'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MEDIA_UPLOAD_PATH } from '../../contract/media.ts'
import type { AppEnv } from '../http/env.ts'
import { createDiskMediaStore } from '../media/store.ts'
import { createMediaTestApp } from '../testing/media-test-app.ts'
import { makeTempDir } from '../render/testing/media-fixtures.ts'

// Hostile multipart bodies answer 400 validation_failed with nothing stored
// and nothing logged at error level; a client that goes away mid-upload is
// routine (info), not an error.

let temp: Awaited<ReturnType<typeof makeTempDir>>
let app: Hono<AppEnv>
let logged: { level: number; msg: string }[] = []

const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      const entry: unknown = JSON.parse(line)
      if (typeof entry === 'object' && entry !== null && 'level' in entry && 'msg' in entry) {
        logged.push({ level: Number(entry.level), msg: String(entry.msg) })
      }
    }
    done()
  },
})

beforeAll(async () => {
  temp = await makeTempDir('actorly-media-malformed-')
  const store = await createDiskMediaStore({ dir: path.join(temp.dir, 'media') })
  app = createMediaTestApp(store, { log: pino({ level: 'info' }, logSink) }).app
})
afterAll(() => temp.remove())
beforeEach(() => {
  logged = []
})

/** Every file under the store's folder, the in-flight folder included. */
async function everyStoredFile(): Promise<string[]> {
  const entries = await readdir(path.join(temp.dir, 'media'), { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
}

const BOUNDARY = 'hostileboundary'
const presetPart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\naudio\r\n`
const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`
const wavBytes = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '), Buffer.alloc(64, 1)])

const cases: { name: string; contentType: string; body: Buffer }[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', body: Buffer.from(`${presetPart}--${BOUNDARY}--\r\n`) },
  { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', body: Buffer.from('--\r\n\r\n') },
  {
    name: 'a body cut before the closing boundary',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.concat([Buffer.from(presetPart + fileHead), wavBytes]),
  },
  {
    name: 'a garbage body',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.from([0xff, 0x00, 0x13, 0x37, ...Buffer.from('\r\n--x\r\n\0\0garbage')]),
  },
  {
    name: 'a NUL in a part header',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.concat([
      Buffer.from(`${presetPart}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a\0.wav"\r\nContent-\0Type: audio/wav\r\n\r\n`),
      wavBytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  },
]

describe('malformed multipart uploads', () => {
  it.each(cases)('answer 400 validation_failed for $name, store nothing and log no error', async ({ contentType, body }) => {
    const before = await everyStoredFile()
    const res = await app.request(MEDIA_UPLOAD_PATH, {
      method: 'POST',
      body: new Uint8Array(body),
      headers: { authorization: 'Bearer alice', 'content-type': contentType },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'validation_failed' })
    expect(await everyStoredFile()).toEqual(before)
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([])
  })
})

describe('a client that goes away mid-upload', () => {
  let server: ServerType
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
        port = info.port
        resolve()
      })
    })
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('is logged at info, not error, and leaves nothing stored', async () => {
    const before = await everyStoredFile()
    const head = Buffer.from(presetPart + fileHead)
    const socket = connect(port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write(
      `POST ${MEDIA_UPLOAD_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer alice\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${head.length + 5_000_000}\r\n\r\n`,
    )
    socket.write(head)
    socket.write(wavBytes)
    socket.write(Buffer.alloc(200_000, 7))
    await new Promise((resolve) => setTimeout(resolve, 300))
    socket.destroy()
    await expect.poll(() => logged.some((entry) => entry.msg === 'upload aborted by the client'), { timeout: 5000 }).toBe(true)
    const aborted = logged.find((entry) => entry.msg === 'upload aborted by the client')
    expect(aborted?.level).toBe(30)
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([])
    await expect.poll(everyStoredFile, { timeout: 5000 }).toEqual(before)
  })
})
