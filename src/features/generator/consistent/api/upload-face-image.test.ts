// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { uploadFaceImage } from './upload-face-image'

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

function answer(status: number, body: unknown) {
  const requests: Request[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    requests.push(new Request(input instanceof Request ? input.clone() : String(input), init))
    return Response.json(body, { status })
  })
  return requests
}

const file = () => new File([new Uint8Array(8)], 'face.png', { type: 'image/png' })

afterEach(() => vi.restoreAllMocks())

describe('uploadFaceImage (spec §7 media upload)', () => {
  it('posts file and upload_preset image and keeps secure_url', async () => {
    const requests = answer(200, stored)
    expect(await uploadFaceImage(file())).toEqual({ kind: 'stored', url: stored.secure_url })
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/media/v1/upload')
    const form = await requests[0]?.formData()
    expect(form?.get('upload_preset')).toBe('image')
    expect(form?.get('file')).toBeInstanceOf(File)
  })

  it.each([
    [415, 'invalid_file_type', 'invalid_img'],
    [413, 'file_too_large', 'file_too_large'],
    [500, 'internal_error', 'error_occured'],
  ])('maps a %i %s to %s', async (status, code, kind) => {
    answer(status, { code, message: 'refused' })
    expect(await uploadFaceImage(file())).toEqual({ kind })
  })

  it('treats an answer without secure_url as an error', async () => {
    answer(200, { hello: 'world' })
    expect(await uploadFaceImage(file())).toEqual({ kind: 'error_occured' })
  })
})
