import { afterEach, describe, expect, it, vi } from 'vitest'
import { getCaptionPreview } from '../../captions/api/get-caption-preview'
import { createVoice } from './create-voice'
import { getVoiceStatus } from './get-voice-status'

// The voice and caption calls through the app's one HTTP client, checked
// against a stubbed fetch: what is sent, and how each ending reaches the screen.

function answerFetch(status: number, body: BodyInit, type = 'application/json') {
  const requests: Request[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    requests.push(new Request(input instanceof Request ? input.clone() : String(input), init))
    return new Response(body, { status, headers: { 'content-type': type } })
  })
  return requests
}

afterEach(() => vi.restoreAllMocks())

describe('createVoice', () => {
  it('posts the script, language and voice, and answers the job id', async () => {
    const requests = answerFetch(200, JSON.stringify({ requestId: 'job-1' }))
    expect(await createVoice({ text: 'Grüße!', language: 'de', voice: 'de-lena' })).toEqual({ kind: 'ok', value: { requestId: 'job-1' } })
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/fal/v1/voice')
    expect(await requests[0]?.json()).toEqual({ text: 'Grüße!', language: 'de', voice: 'de-lena' })
  })

  it('keeps a refusal’s code for the translated message', async () => {
    answerFetch(409, JSON.stringify({ code: 'voice_in_progress', message: 'A voice is already being made' }))
    expect(await createVoice({ text: 'Hi', language: 'en', voice: 'en-ava' })).toEqual({ kind: 'refused', code: 'voice_in_progress', status: 409 })
  })
})

describe('getVoiceStatus', () => {
  it('refuses an answer that is not a voice job', async () => {
    answerFetch(200, JSON.stringify({ status: 'completed' }))
    await expect(getVoiceStatus('job-1')).rejects.toThrow(/invalid/i)
  })
})

describe('getCaptionPreview', () => {
  it('answers the still frame as a JPEG blob', async () => {
    answerFetch(200, new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg')
    const cues = [{ start: 0, end: 1, text: 'Hi', words: [{ text: 'Hi', start: 0, end: 1 }] }]
    const outcome = await getCaptionPreview({ video_url: 'https://app.example/media/v.mp4', style: 'boxed', cues })
    const blob = outcome.kind === 'ok' ? outcome.value : null
    expect(blob?.type).toBe('image/jpeg')
    expect(blob?.size).toBe(3)
  })
})
