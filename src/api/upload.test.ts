import { afterEach, describe, expect, it, vi } from 'vitest'
import { setTokenSource } from './http'
import { drop, json, testServerForThisFile } from './testing/test-server'
import { postMultipart, type UploadProgress } from './upload'

// postMultipart against a real HTTP server on 127.0.0.1 (jsdom's XMLHttpRequest
// sends real requests): what it sends, how each ending is reported, the token's
// one refresh, the one retry after a dropped connection, and cancel.

const server = testServerForThisFile()
afterEach(() => setTokenSource(null))

const fast = { retryDelayMs: 10, offlineWaitMs: 10, stallMs: 2_000, answerMs: 2_000 }
const file = (bytes = 64 * 1024) => new File([new Uint8Array(bytes).fill(7)], 'voice.mp3', { type: 'audio/mpeg' })

describe('postMultipart', () => {
  it('sends file and upload_preset as multipart with the bearer token, reports progress and the answer', async () => {
    setTokenSource({ getToken: async () => 'token-1', onRejected: vi.fn<() => void>() })
    server.handlers.push((_, res) => json(res, 200, { secure_url: 'http://x/media/a.mp3' }))
    const progress: UploadProgress[] = []
    const answer = await postMultipart(
      'api/media/v1/upload',
      { file: file(), upload_preset: 'audio' },
      { origin: server.origin, timing: fast, onProgress: (p) => progress.push(p) },
    )
    expect(answer).toEqual({ kind: 'answered', status: 200, body: { secure_url: 'http://x/media/a.mp3' } })
    expect(server.seen).toHaveLength(1)
    expect(server.seen[0]?.auth).toBe('Bearer token-1')
    expect(server.seen[0]?.body).toMatch(/name="upload_preset"\r\n\r\naudio/)
    expect(server.seen[0]?.body).toMatch(/name="file"; filename="voice.mp3"\r\nContent-Type: audio\/mpeg/)
    expect(progress.at(-1)?.sentBytes).toBe(progress.at(-1)?.totalBytes)
    expect(progress.at(-1)?.totalBytes).toBeGreaterThan(64 * 1024)
  })

  it('hands a refusal back as answered, with its JSON body', async () => {
    server.handlers.push((_, res) => json(res, 413, { code: 'file_too_large', message: 'too large' }))
    expect(await postMultipart('api/media/v1/upload', { file: file() }, { origin: server.origin, timing: fast })).toEqual({
      kind: 'answered',
      status: 413,
      body: { code: 'file_too_large', message: 'too large' },
    })
  })

  it('tries once more by itself after a dropped connection, and says so', async () => {
    server.handlers.push(drop)
    const onRetry = vi.fn<() => void>()
    const answer = await postMultipart('api/media/v1/upload', { file: file() }, { origin: server.origin, timing: fast, onRetry })
    expect(answer).toMatchObject({ kind: 'answered', status: 200 })
    expect(onRetry).toHaveBeenCalledOnce()
    expect(server.seen).toHaveLength(2)
  })

  it('reports dropped when the retry drops too, and a stalled server as dropped', async () => {
    server.handlers.push(drop, drop)
    expect(await postMultipart('api/media/v1/upload', { file: file() }, { origin: server.origin, timing: fast })).toEqual({ kind: 'dropped' })
    server.handlers.push(
      () => undefined,
      () => undefined,
    )
    expect(await postMultipart('api/media/v1/upload', { file: file() }, { origin: server.origin, timing: { ...fast, stallMs: 300, answerMs: 300 } })).toEqual({
      kind: 'dropped',
    })
  })

  it('refreshes a refused token once and repeats the upload; a second refusal ends the session', async () => {
    const onRejected = vi.fn<() => void>()
    let calls = 0
    setTokenSource({ getToken: async (force) => (force ? `fresh-${++calls}` : 'stale'), onRejected })
    server.handlers.push((_, res) => json(res, 401, { code: 'token_expired', message: 'expired' }))
    expect(await postMultipart('api/media/v1/upload', { file: file() }, { origin: server.origin, timing: fast })).toMatchObject({
      kind: 'answered',
      status: 200,
    })
    expect(server.seen.map((request) => request.auth)).toEqual(['Bearer stale', 'Bearer fresh-1'])
    expect(onRejected).not.toHaveBeenCalled()

    server.handlers.push(
      (_, res) => json(res, 401, { code: 'token_expired', message: 'expired' }),
      (_, res) => json(res, 401, { code: 'token_revoked', message: 'revoked' }),
    )
    expect(await postMultipart('api/media/v1/upload', { file: file() }, { origin: server.origin, timing: fast })).toMatchObject({
      kind: 'answered',
      status: 401,
    })
    expect(onRejected).toHaveBeenCalledOnce()
  })

  it('stops at once when canceled, and never retries a canceled upload', async () => {
    const controller = new AbortController()
    server.handlers.push(() => controller.abort())
    const onRetry = vi.fn<() => void>()
    expect(await postMultipart('api/media/v1/upload', { file: file() }, { origin: server.origin, timing: fast, signal: controller.signal, onRetry })).toEqual({
      kind: 'canceled',
    })
    expect(onRetry).not.toHaveBeenCalled()
    expect(await postMultipart('api/media/v1/upload', { file: file() }, { origin: server.origin, timing: fast, signal: controller.signal })).toEqual({
      kind: 'canceled',
    })
    expect(server.seen).toHaveLength(1)
  })
})
