// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchAudioFromUrl, uploadMedia } from './store-media'

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

function answer(status: number, body: unknown) {
  const requests: Request[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    requests.push(new Request(input instanceof Request ? input.clone() : String(input), init))
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return requests
}

afterEach(() => vi.restoreAllMocks())

describe('uploadMedia', () => {
  it('posts file and upload_preset and keeps secure_url, bytes and duration', async () => {
    const requests = answer(200, stored)
    const outcome = await uploadMedia(new File(['ID3'], 'voice.mp3', { type: 'audio/mpeg' }), 'audio')
    expect(outcome).toEqual({ kind: 'stored', media: { url: stored.secure_url, bytes: 48_213, durationSeconds: 3.02 } })
    const [request] = requests
    expect(new URL(request?.url ?? '').pathname).toBe('/api/media/v1/upload')
    const form = await request?.formData()
    expect(form?.get('upload_preset')).toBe('audio')
    expect(form?.get('file')).toBeInstanceOf(File)
  })

  it('maps the server refusals', async () => {
    const file = new File(['x'], 'clip.mp4', { type: 'video/mp4' })
    answer(415, { code: 'invalid_file_type', message: 'nope' })
    expect(await uploadMedia(file, 'video')).toEqual({ kind: 'invalid_type' })
    vi.restoreAllMocks()
    answer(413, { code: 'file_too_large', message: 'nope' })
    expect(await uploadMedia(file, 'video')).toEqual({ kind: 'too_large' })
    vi.restoreAllMocks()
    answer(500, { code: 'internal_error', message: 'nope' })
    expect(await uploadMedia(file, 'video')).toEqual({ kind: 'failed' })
    vi.restoreAllMocks()
    answer(200, { hello: 'not an upload' })
    expect(await uploadMedia(file, 'video')).toEqual({ kind: 'failed' })
  })
})

describe('fetchAudioFromUrl', () => {
  it('asks the server to load the URL as audio', async () => {
    const requests = answer(200, stored)
    const outcome = await fetchAudioFromUrl('https://example.com/voice.mp3')
    expect(outcome.kind).toBe('stored')
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/media/v1/fetch')
    expect(await requests[0]?.json()).toEqual({ url: 'https://example.com/voice.mp3', upload_preset: 'audio' })
  })

  it('tells a refused address apart', async () => {
    answer(400, { code: 'url_not_allowed', message: 'Unsupported file type or URL.' })
    expect(await fetchAudioFromUrl('http://10.0.0.1/a.mp3')).toEqual({ kind: 'url_not_allowed' })
  })
})
