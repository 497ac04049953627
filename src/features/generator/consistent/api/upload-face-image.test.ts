import { describe, expect, it } from 'vitest'
import { drop, json, testServerForThisFile } from '@/api/testing/test-server'
import { uploadFaceImage } from './upload-face-image'

// Through XMLHttpRequest (progress, src/api/upload.ts) to a real server on 127.0.0.1.

const server = testServerForThisFile()

const stored = {
  secure_url: 'http://127.0.0.1/media/3f0c0000-0000-4000-8000-000000000001.png',
  url: 'http://127.0.0.1/media/3f0c0000-0000-4000-8000-000000000001.png',
  public_id: '3f0c0000-0000-4000-8000-000000000001',
  bytes: 1674,
  resource_type: 'image',
  format: 'png',
  kind: 'image',
  created_at: '2026-11-21T10:00:00.000Z',
}

const file = () => new File([new Uint8Array(8)], 'face.png', { type: 'image/png' })

describe('uploadFaceImage (spec §7 media upload)', () => {
  it('posts file and upload_preset image and keeps secure_url', async () => {
    server.handlers.push((_, res) => json(res, 200, stored))
    expect(await uploadFaceImage(file(), { origin: server.origin })).toEqual({ kind: 'stored', url: stored.secure_url })
    expect(server.seen[0]?.path).toBe('/api/media/v1/upload')
    expect(server.seen[0]?.body).toMatch(/name="upload_preset"\r\n\r\nimage\r\n/)
    expect(server.seen[0]?.body).toMatch(/name="file"; filename="face.png"\r\nContent-Type: image\/png/)
  })

  it.each([
    [415, 'invalid_file_type', 'invalid_img'],
    [413, 'file_too_large', 'file_too_large'],
    [500, 'internal_error', 'error_occured'],
  ])('maps a %i %s to %s', async (status, code, kind) => {
    server.handlers.push((_, res) => json(res, status, { code, message: 'refused' }))
    expect(await uploadFaceImage(file(), { origin: server.origin })).toEqual({ kind })
  })

  it('treats an answer without secure_url, and a connection lost twice, as error_occured', async () => {
    server.handlers.push((_, res) => json(res, 200, { hello: 'world' }))
    expect(await uploadFaceImage(file(), { origin: server.origin })).toEqual({ kind: 'error_occured' })
    server.handlers.push(drop, drop)
    expect(await uploadFaceImage(file(), { origin: server.origin, timing: { retryDelayMs: 10, offlineWaitMs: 10 } })).toEqual({ kind: 'error_occured' })
  })
})
