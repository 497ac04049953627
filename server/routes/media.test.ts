import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiErrorBodySchema } from '../../contract/errors.ts'
import { MEDIA_UPLOAD_PATH, uploadResultSchema } from '../../contract/media.ts'
import { MAX_UPLOAD_BYTES } from '../../contract/constants.ts'
import type { AppEnv } from '../http/env.ts'
import { handleError } from '../http/error-handler.ts'
import { ApiError } from '../http/errors.ts'
import { createLocalMediaStore, type MediaStore } from '../media/store.ts'
import { makeAudio, makeImage, makeTempDir, makeVideo } from '../render/testing/media-fixtures.ts'
import { createMediaRoutes } from './media.ts'

let temp: Awaited<ReturnType<typeof makeTempDir>>
let store: MediaStore
let app: Hono<AppEnv>
const mediaDir = (): string => path.join(temp.dir, 'media')

/** Stands in for requireUser(): a fixed user for the token "alice", 401 otherwise. */
const testUser = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header('authorization') !== 'Bearer alice') throw new ApiError(401, 'missing_token', 'Sign in first')
  c.set('user', { id: 'user-alice', uid: 'uid-alice', email: 'alice@example.com', name: 'Alice' })
  await next()
})

beforeAll(async () => {
  temp = await makeTempDir('actorly-media-routes-')
  store = await createLocalMediaStore({ dir: mediaDir(), publicOrigin: 'http://127.0.0.1:8720' })
  app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('log', pino({ level: 'silent' }))
    await next()
  })
  app.onError(handleError)
  app.route('/', createMediaRoutes({ store, requireUser: testUser }))
})
afterAll(async () => {
  await temp.remove()
})

async function upload(bytes: Uint8Array | Buffer, options: { preset: string; filename: string; mime: string; token?: string }): Promise<Response> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: options.mime }), options.filename)
  form.append('upload_preset', options.preset)
  return app.request(MEDIA_UPLOAD_PATH, { method: 'POST', body: form, headers: { authorization: `Bearer ${options.token ?? 'alice'}` } })
}

/** Files in the store (the incoming folder excluded): what a refused upload must not leave. */
async function storedFiles(): Promise<string[]> {
  const top = (await readdir(mediaDir())).filter((name) => name !== '.incoming')
  return [...top, ...(await readdir(path.join(mediaDir(), '.incoming')))]
}

const accepted = [
  { file: 'tone.mp3', preset: 'audio', contentType: 'audio/mpeg' },
  { file: 'tone.ogg', preset: 'audio', contentType: 'audio/ogg' },
  { file: 'tone.wav', preset: 'audio', contentType: 'audio/wav' },
  { file: 'tone.m4a', preset: 'audio', contentType: 'audio/mp4' },
  { file: 'tone.aac', preset: 'audio', contentType: 'audio/aac' },
  { file: 'tone.flac', preset: 'audio', contentType: 'audio/flac' },
  { file: 'tone.weba', preset: 'audio', contentType: 'audio/webm' },
  { file: 'clip.mp4', preset: 'video', contentType: 'video/mp4' },
  { file: 'clip.mov', preset: 'video', contentType: 'video/quicktime' },
  { file: 'clip.m4v', preset: 'video', contentType: 'video/x-m4v' },
  { file: 'clip.webm', preset: 'video', contentType: 'video/webm' },
  { file: 'face.jpg', preset: 'image', contentType: 'image/jpeg' },
  { file: 'face.png', preset: 'image', contentType: 'image/png' },
  { file: 'face.webp', preset: 'image', contentType: 'image/webp' },
]

async function fixture(file: string): Promise<Buffer> {
  const full = path.join(temp.dir, file)
  if (file.startsWith('tone.')) await makeAudio(full, 0.4)
  else if (file.startsWith('clip.')) await makeVideo(full, 0.4)
  else await makeImage(full)
  return readFile(full)
}

describe('POST /api/media/v1/upload', () => {
  it.each(accepted)('accepts $file as $preset and serves it as $contentType', async ({ file, preset, contentType }) => {
    // The client's MIME type is deliberately wrong: only the bytes count.
    const res = await upload(await fixture(file), { preset, filename: 'x.bin', mime: 'application/octet-stream' })
    expect(res.status).toBe(200)
    const body = uploadResultSchema.parse(await res.json())
    expect(body.kind).toBe(preset)
    expect(body.secure_url).toMatch(/^http:\/\/127\.0\.0\.1:8720\/media\/[0-9a-f-]{36}\.\w+$/)
    expect(body.duration ?? 1).toBeGreaterThan(preset === 'image' ? 0.9 : 0.3)
    const served = await app.request(new URL(body.secure_url).pathname)
    expect(served.headers.get('content-type')).toBe(contentType)
  })

  it('maps a generic MP4 to audio when the preset says audio', async () => {
    const res = await upload(await fixture('clip.mp4'), { preset: 'actorly_audio', filename: 'a.mp4', mime: 'video/mp4' })
    expect(res.status).toBe(200)
    expect(uploadResultSchema.parse(await res.json()).format).toBe('m4a')
  })

  it('accepts an MP3 without ID3 tag by its frame sync', async () => {
    const file = await makeAudio(path.join(temp.dir, 'bare.mp3'), 0.4, ['-id3v2_version', '0', '-write_xing', '0'])
    const res = await upload(await readFile(file), { preset: 'audio', filename: 'bare.mp3', mime: 'audio/mpeg' })
    expect(res.status).toBe(200)
  })

  it('refuses an HTML/JS file named .mp3 and sent as audio/mpeg with 415 and a clear message', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/users/v1")</script></body></html>'.padEnd(200, ' '))
    const res = await upload(html, { preset: 'audio', filename: 'song.mp3', mime: 'audio/mpeg' })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ code: 'invalid_file_type', message: expect.stringContaining('Invalid file type. Please upload a file with one of the following formats') })
    expect(await storedFiles()).not.toContain('song.mp3')
  })

  it('refuses a file with an audio signature but no playable audio (a polyglot)', async () => {
    const polyglot = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]), Buffer.from('<html><script>alert(1)</script>'.padEnd(300, ' '))])
    const before = await storedFiles()
    const res = await upload(polyglot, { preset: 'audio', filename: 'p.mp3', mime: 'audio/mpeg' })
    expect(res.status).toBe(415)
    expect(await storedFiles()).toEqual(before)
  })

  it('refuses a PNG uploaded with the audio preset, and a video with the image preset', async () => {
    const png = await upload(await fixture('face.png'), { preset: 'audio', filename: 'a.mp3', mime: 'audio/mpeg' })
    expect(png.status).toBe(415)
    const video = await upload(await fixture('clip.mov'), { preset: 'image', filename: 'a.png', mime: 'image/png' })
    expect(video.status).toBe(415)
  })

  it('refuses a video of a type the spec does not list with the video wording', async () => {
    const res = await upload(Buffer.from('GIF89a'.padEnd(100, '\0')), { preset: 'video', filename: 'a.mp4', mime: 'video/mp4' })
    expect(res.status).toBe(415)
    expect(apiErrorBodySchema.parse(await res.json()).message).toBe('Invalid file type. Please upload a video file in one of the following formats: mp4, mov, webm, m4v')
  })

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte with 413, leaving nothing on disk', async () => {
    const mp3 = await fixture('tone.mp3')
    const padded = Buffer.concat([mp3, Buffer.alloc(MAX_UPLOAD_BYTES - mp3.length)])
    const ok = await upload(padded, { preset: 'audio', filename: 'ten.mp3', mime: 'audio/mpeg' })
    expect(ok.status).toBe(200)
    expect(uploadResultSchema.parse(await ok.json()).bytes).toBe(MAX_UPLOAD_BYTES)
    const before = await storedFiles()
    const tooBig = await upload(Buffer.concat([padded, Buffer.from([0])]), { preset: 'audio', filename: 'big.mp3', mime: 'audio/mpeg' })
    expect(tooBig.status).toBe(413)
    expect(await tooBig.json()).toEqual({ code: 'file_too_large', message: 'File is too large. Please upload a file smaller than 10MB.' })
    expect(await storedFiles()).toEqual(before)
  })

  it('stops reading an oversized body while it streams', async () => {
    const mp3 = await fixture('tone.mp3')
    const boundary = 'actorlyboundary'
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\naudio\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`)
    const chunk = Buffer.alloc(256 * 1024)
    let sent = 0
    const total = 60 * 1024 * 1024
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(Buffer.concat([head, mp3])))
      },
      pull(controller) {
        sent += chunk.length
        if (sent > total) controller.close()
        else controller.enqueue(new Uint8Array(chunk))
      },
    })
    // Node needs `duplex` for a streamed request body; the DOM typings lack it.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { authorization: 'Bearer alice', 'content-type': `multipart/form-data; boundary=${boundary}` },
    }
    const res = await app.request(MEDIA_UPLOAD_PATH, init)
    expect(res.status).toBe(413)
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 1024 * 1024)
    expect((await readdir(path.join(mediaDir(), '.incoming'))).length).toBe(0)
  })

  it('needs a signed-in user, a file and a known preset', async () => {
    const png = await fixture('face.png')
    expect((await upload(png, { preset: 'image', filename: 'a.png', mime: 'image/png', token: 'nobody' })).status).toBe(401)
    expect((await upload(png, { preset: 'ml_default', filename: 'a.png', mime: 'image/png' })).status).toBe(400)
    const noFile = new FormData()
    noFile.append('upload_preset', 'image')
    const res = await app.request(MEDIA_UPLOAD_PATH, { method: 'POST', body: noFile, headers: { authorization: 'Bearer alice' } })
    expect(res.status).toBe(400)
    const json = await app.request(MEDIA_UPLOAD_PATH, { method: 'POST', body: '{}', headers: { authorization: 'Bearer alice', 'content-type': 'application/json' } })
    expect(json.status).toBe(400)
  })
})

describe('GET /media/:name', () => {
  let pathname = ''
  let bytes: Buffer
  beforeAll(async () => {
    bytes = await fixture('clip.mp4')
    const res = await upload(bytes, { preset: 'video', filename: 'clip.mp4', mime: 'video/mp4' })
    pathname = new URL(uploadResultSchema.parse(await res.json()).secure_url).pathname
  })

  it('serves the stored type with nosniff, inline, a long cache and the exact bytes', async () => {
    const res = await app.request(pathname)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-disposition')).toMatch(/^inline/)
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('answers byte ranges with 206 so a video can seek', async () => {
    const res = await app.request(pathname, { headers: { range: 'bytes=10-19' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`)
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true)
    const suffix = await app.request(pathname, { headers: { range: 'bytes=-5' } })
    expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(-5))).toBe(true)
    const open = await app.request(pathname, { headers: { range: `bytes=${bytes.length - 3}-` } })
    expect(open.headers.get('content-length')).toBe('3')
    const beyond = await app.request(pathname, { headers: { range: `bytes=${bytes.length}-` } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`)
  })

  it.each([
    '/media/00000000-0000-0000-0000-000000000000.mp4',
    '/media/00000000-0000-0000-0000-000000000000.html',
    '/media/..%2F..%2Fetc%2Fpasswd',
    '/media/..%2Fmedia.test.ts',
    '/media/.incoming',
    '/media/%2e%2e',
  ])('answers 404 for %s', async (name) => {
    const res = await app.request(name)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('text/plain')
  })
})
