import { afterEach, describe, expect, it, vi } from 'vitest'
import { drop, json, testServerForThisFile } from '@/api/testing/test-server'
import { fetchAudioFromUrl, uploadMedia } from './store-media'

// The upload goes through XMLHttpRequest (progress, src/api/upload.ts) to a real
// server on 127.0.0.1; the URL load is a ky call, checked against a stubbed fetch.

const server = testServerForThisFile()

const stored = {
  secure_url: 'http://127.0.0.1/media/3f0c0000-0000-4000-8000-000000000001.mp3',
  url: 'http://127.0.0.1/media/3f0c0000-0000-4000-8000-000000000001.mp3',
  public_id: '3f0c0000-0000-4000-8000-000000000001',
  bytes: 48_213,
  resource_type: 'video',
  format: 'mp3',
  kind: 'audio',
  duration: 3.02,
  created_at: '2026-11-21T10:00:00.000Z',
}

const fast = { timing: { retryDelayMs: 10, offlineWaitMs: 10 } }

afterEach(() => vi.restoreAllMocks())

describe('uploadMedia', () => {
  it('posts file and upload_preset to the upload path and keeps secure_url, bytes and duration', async () => {
    server.handlers.push((_, res) => json(res, 200, stored))
    const outcome = await uploadMedia(new File(['ID3'], 'voice.mp3', { type: 'audio/mpeg' }), 'audio', { origin: server.origin })
    expect(outcome).toEqual({ kind: 'stored', media: { url: stored.secure_url, bytes: 48_213, durationSeconds: 3.02 } })
    expect(server.seen[0]?.path).toBe('/api/media/v1/upload')
    expect(server.seen[0]?.body).toMatch(/name="upload_preset"\r\n\r\naudio\r\n/)
    expect(server.seen[0]?.body).toMatch(/name="file"; filename="voice.mp3"/)
  })

  it.each([
    [415, 'invalid_file_type', 'invalid_type'],
    [413, 'file_too_large', 'too_large'],
    [500, 'internal_error', 'failed'],
  ])('maps a %i %s to %s', async (status, code, kind) => {
    server.handlers.push((_, res) => json(res, status, { code, message: 'nope' }))
    expect(await uploadMedia(new File(['x'], 'clip.mp4', { type: 'video/mp4' }), 'video', { origin: server.origin })).toEqual({ kind })
  })

  it('fails an answer that is not an upload, and a connection lost twice; a canceled upload is canceled', async () => {
    const file = new File(['x'], 'clip.mp4', { type: 'video/mp4' })
    server.handlers.push((_, res) => json(res, 200, { hello: 'not an upload' }))
    expect(await uploadMedia(file, 'video', { origin: server.origin })).toEqual({ kind: 'failed' })
    server.handlers.push(drop, drop)
    expect(await uploadMedia(file, 'video', { origin: server.origin, ...fast })).toEqual({ kind: 'failed' })
    const controller = new AbortController()
    controller.abort()
    expect(await uploadMedia(file, 'video', { origin: server.origin, signal: controller.signal })).toEqual({ kind: 'canceled' })
  })
})

function answerFetch(status: number, body: unknown) {
  const requests: Request[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    requests.push(new Request(input instanceof Request ? input.clone() : String(input), init))
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return requests
}

describe('fetchAudioFromUrl', () => {
  it('asks the server to load the URL as audio', async () => {
    const requests = answerFetch(200, stored)
    const outcome = await fetchAudioFromUrl('https://example.com/voice.mp3')
    expect(outcome.kind).toBe('stored')
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/media/v1/fetch')
    expect(await requests[0]?.json()).toEqual({ url: 'https://example.com/voice.mp3', upload_preset: 'audio' })
  })

  it('tells a refused address apart', async () => {
    answerFetch(400, { code: 'url_not_allowed', message: 'Unsupported file type or URL.' })
    expect(await fetchAudioFromUrl('http://10.0.0.1/a.mp3')).toEqual({ kind: 'url_not_allowed' })
  })
})
