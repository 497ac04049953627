import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiErrorBodySchema } from '../../contract/errors.ts'
import { MEDIA_UPLOAD_PATH, uploadResultSchema } from '../../contract/media.ts'
import { MAX_UPLOAD_BYTES } from '../../contract/constants.ts'
import type { AppEnv } from '../http/env.ts'
import { createDiskMediaStore } from '../media/store.ts'
import { createMediaTestApp, type MediaTestApp } from '../testing/media-test-app.ts'
import { makeAudio, makeImage, makeTempDir, makeVideo } from '../render/testing/media-fixtures.ts'

let temp: Awaited<ReturnType<typeof makeTempDir>>
let app: Hono<AppEnv>
let testApp: MediaTestApp
let time = Date.parse('2026-05-01T10:00:00Z')
const mediaDir = (): string => path.join(temp.dir, 'media')

beforeAll(async () => {
  temp = await makeTempDir('actorly-media-routes-')
  testApp = createMediaTestApp(await createDiskMediaStore({ dir: mediaDir() }), { now: () => time })
  app = testApp.app
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
    expect(body.secure_url).toMatch(/^http:\/\/127\.0\.0\.1:8720\/media\/[0-9a-f-]{36}\.\w+\?exp=\d+&sig=[\w-]{43}$/)
    expect(body.duration ?? 1).toBeGreaterThan(preset === 'image' ? 0.9 : 0.3)
    const served = await app.request(body.secure_url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe(contentType)
    expect(testApp.catalog.owners.get(`${body.public_id}.${body.format}`)).toBe('user-alice')
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
    expect(await res.json()).toEqual({
      code: 'invalid_file_type',
      message: expect.stringContaining('Invalid file type. Please upload a file with one of the following formats'),
    })
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
    expect(apiErrorBodySchema.parse(await res.json()).message).toBe(
      'Invalid file type. Please upload a video file in one of the following formats: mp4, mov, webm, m4v',
    )
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
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\naudio\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    )
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
    const json = await app.request(MEDIA_UPLOAD_PATH, {
      method: 'POST',
      body: '{}',
      headers: { authorization: 'Bearer alice', 'content-type': 'application/json' },
    })
    expect(json.status).toBe(400)
  })
})

describe('GET /media/:key: private to its owner', () => {
  let link = ''
  let key = ''
  let bytes: Buffer
  beforeAll(async () => {
    bytes = await fixture('clip.mp4')
    const res = await upload(bytes, { preset: 'video', filename: 'clip.mp4', mime: 'video/mp4' })
    link = uploadResultSchema.parse(await res.json()).secure_url
    key = new URL(link).pathname.slice('/media/'.length)
  })
  const withQuery = (exp: string, sig: string): string => `/media/${key}?exp=${exp}&sig=${sig}`
  const query = (): URLSearchParams => new URL(link).searchParams

  it('serves a signed link: the stored type, nosniff, inline, private caching until the expiry, the exact bytes', async () => {
    const res = await app.request(link)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-disposition')).toMatch(/^inline/)
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('answers the owner’s byte ranges with 206 so a video can seek (signed link or the owner’s token)', async () => {
    const res = await app.request(link, { headers: { range: 'bytes=10-19' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`)
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true)
    const suffix = await app.request(link, { headers: { range: 'bytes=-5' } })
    expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(-5))).toBe(true)
    const byToken = await app.request(`/media/${key}`, { headers: { range: `bytes=${bytes.length - 3}-`, authorization: 'Bearer alice' } })
    expect(byToken.status).toBe(206)
    expect(byToken.headers.get('content-length')).toBe('3')
    expect(byToken.headers.get('cache-control')).toBe('private, no-cache')
    const beyond = await app.request(link, { headers: { range: `bytes=${bytes.length}-` } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`)
  })

  it('refuses without a link or token, and hides it from another user’s token', async () => {
    expect((await app.request(`/media/${key}`)).status).toBe(403)
    expect((await app.request(`/media/${key}`, { headers: { authorization: 'Bearer bob' } })).status).toBe(404)
    expect((await app.request(`/media/${key}`, { headers: { authorization: 'Bearer nobody' } })).status).toBe(401)
  })

  it('refuses an altered signature, an altered expiry, a link of another object and a half link', async () => {
    const exp = query().get('exp') ?? ''
    const sig = query().get('sig') ?? ''
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`
    expect((await app.request(withQuery(exp, flipped))).status).toBe(403)
    expect((await app.request(withQuery(String(Number(exp) + 3600), sig))).status).toBe(403)
    expect((await app.request(withQuery(exp, ''))).status).toBe(403)
    expect((await app.request(`/media/${key}?exp=${exp}`)).status).toBe(403)
    const other = await upload(await fixture('face.png'), { preset: 'image', filename: 'a.png', mime: 'image/png' })
    const otherKey = new URL(uploadResultSchema.parse(await other.json()).secure_url).pathname.slice('/media/'.length)
    expect((await app.request(`/media/${otherKey}?exp=${exp}&sig=${sig}`)).status).toBe(403)
  })

  it('refuses an expired link, while a fresh one for the same object works', async () => {
    const saved = time
    try {
      time += 2 * 3600 * 1000 // past the one-hour lifetime (and its rounding)
      const expired = await app.request(link)
      expect(expired.status).toBe(403)
      expect(await expired.text()).toContain('expired')
      expect((await app.request(testApp.links.sign(key))).status).toBe(200)
    } finally {
      time = saved
    }
  })

  it('hands out links that end when asked (an export’s links)', async () => {
    const short = testApp.links.sign(key, 60)
    expect(Number(new URL(short).searchParams.get('exp')) * 1000 - time).toBeLessThanOrEqual(16 * 60 * 1000)
    expect((await app.request(short)).status).toBe(200)
  })

  it.each([
    '/media/00000000-0000-0000-0000-000000000000.mp4',
    '/media/00000000-0000-0000-0000-000000000000.html',
    '/media/..%2F..%2Fetc%2Fpasswd',
    '/media/..%2Fmedia.test.ts',
    '/media/.incoming',
    '/media/%2e%2e',
  ])('answers 404 for %s, even with a valid signature for it', async (name) => {
    const signed = `${name}?${new URL(testApp.links.sign(name.slice('/media/'.length))).searchParams.toString()}`
    for (const target of [name, signed]) {
      const res = await app.request(target, { headers: { authorization: 'Bearer alice' } })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toContain('text/plain')
    }
  })
})
