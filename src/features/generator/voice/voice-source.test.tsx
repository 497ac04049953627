import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CaptionCuesResponse } from '@contract/captions'
import type { VoiceCatalog, VoiceJob } from '@contract/voice'
import { renderForm, VIDEO } from '../lip-sync/test/render-lip-sync-form'

// "Type a script" and Captions in the lip-sync form, against a stubbed server
// (fetch): what the form sends, and what it shows of each answer.

const CATALOG: VoiceCatalog = {
  maker: 'local',
  cost: 0.1,
  maxCharacters: 1000,
  voices: [
    { id: 'en-ava', language: 'en', name: 'Ava', previewUrl: 'http://127.0.0.1/api/fal/v1/voices/en-ava/preview' },
    { id: 'en-leo', language: 'en', name: 'Leo', previewUrl: 'http://127.0.0.1/api/fal/v1/voices/en-leo/preview' },
    { id: 'de-lena', language: 'de', name: 'Lena', previewUrl: 'http://127.0.0.1/api/fal/v1/voices/de-lena/preview' },
    { id: 'de-max', language: 'de', name: 'Max', previewUrl: 'http://127.0.0.1/api/fal/v1/voices/de-max/preview' },
  ],
}
const AUDIO = 'http://127.0.0.1/media/voice.wav'
const done = (text: string): VoiceJob => ({
  requestId: 'voice-1',
  status: 'completed',
  progress: { currentprogress: 100, totalprogress: 100 },
  text,
  language: 'en',
  voice: 'en-leo',
  maker: 'local',
  audio: {
    secure_url: AUDIO,
    url: AUDIO,
    public_id: 'voice',
    bytes: 48_000,
    resource_type: 'video',
    format: 'wav',
    kind: 'audio',
    duration: 3,
    created_at: '2026-11-27T10:00:00.000Z',
  },
  createdAt: '2026-11-27T10:00:00.000Z',
})
const CUES: CaptionCuesResponse = {
  timing: 'synthesizer',
  approximate: false,
  cues: [
    {
      start: 0,
      end: 1.5,
      text: 'Hello there!',
      words: [
        { text: 'Hello', start: 0, end: 0.7 },
        { text: 'there!', start: 0.7, end: 1.5 },
      ],
    },
  ],
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** Answers each call as the server would; returns the bodies sent, by path. */
function stubServer(answers: { voice?: () => Response } = {}) {
  const sent: Record<string, unknown[]> = {}
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input.clone() : String(input), init)
    const path = new URL(request.url).pathname
    const body: unknown = request.method === 'POST' ? await request.json().catch(() => null) : null
    ;(sent[path] ??= []).push(body)
    if (path.endsWith('/voices')) return json(CATALOG)
    if (path.endsWith('/voiceLatest')) return json({ voice: null })
    if (path.endsWith('/voice')) return answers.voice?.() ?? json({ requestId: 'voice-1' })
    if (path.endsWith('/voiceStatus')) return json(done('Hello there!'))
    if (path.endsWith('/captions/cues')) return json(CUES)
    if (path.endsWith('/captions/preview')) return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } })
    return json({ code: 'not_found', message: 'Not found' }, 404)
  })
  return sent
}

afterEach(() => vi.restoreAllMocks())
// Typing, the voice and the captions take a few round trips through the stubbed server.
vi.setConfig({ testTimeout: 15_000 })

describe('Type a script', () => {
  it('counts the words, makes the voice for its price and shows it as the audio card', async () => {
    const sent = stubServer()
    const { user, onStart } = await renderForm()
    await user.click(screen.getByRole('radio', { name: 'Type a script' }))
    await user.click(await screen.findByRole('button', { name: 'Create voice · 0.10 credits' }))
    // An empty script is refused on the page; nothing is sent.
    expect(screen.getByRole('alert')).toHaveTextContent('Please type what the voice should say.')
    expect(sent['/api/fal/v1/voice']).toBeUndefined()

    await user.type(screen.getByLabelText('What should the actor say?'), 'Hello there!')
    expect(screen.getByText('12 / 1,000 characters')).toBeInTheDocument()
    expect(screen.getByText(/^about \d+ s$/)).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Leo' }))
    expect(await screen.findByText('Local preview voice – not AI')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create voice · 0.10 credits' }))

    expect(await screen.findByText('Voice: Leo')).toBeInTheDocument()
    expect(sent['/api/fal/v1/voice']).toEqual([{ text: 'Hello there!', language: 'en', voice: 'en-leo' }])
    expect(screen.getByLabelText('Audio: Voice: Leo')).toHaveAttribute('src', AUDIO)
    expect(screen.getByText('0:03 · 0.05 MB')).toBeInTheDocument()
    // Lip sync takes it as it takes an upload.
    await user.click(screen.getByRole('button', { name: /Start lip sync/ }))
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ videoUrl: VIDEO, audioUrl: AUDIO, audioDurationSeconds: 3, audioName: 'Voice: Leo' }))
    expect(onStart.mock.calls[0]?.[0].captions).toBeUndefined()
  })

  it('says a refusal in words, with Add credits when credits are short', async () => {
    stubServer({
      voice: () =>
        new Response(JSON.stringify({ code: 'insufficient_credits', message: 'No' }), { status: 402, headers: { 'content-type': 'application/json' } }),
    })
    const { user } = await renderForm()
    await user.click(screen.getByRole('radio', { name: 'Type a script' }))
    await user.type(screen.getByLabelText('What should the actor say?'), 'Hi')
    await user.click(await screen.findByRole('button', { name: 'Create voice · 0.10 credits' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent("You don't have enough credits to generate the video.")
    expect(within(alert).getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/purchase')
  })
})

describe('Captions', () => {
  it('are off by default; on, the chosen style and the corrected captions go with the start', async () => {
    const sent = stubServer()
    const { user, onStart } = await renderForm()
    await user.click(screen.getByRole('radio', { name: 'Type a script' }))
    await user.type(screen.getByLabelText('What should the actor say?'), 'Hello there!')
    await user.click(screen.getByRole('radio', { name: 'Leo' }))
    await user.click(await screen.findByRole('button', { name: 'Create voice · 0.10 credits' }))
    await screen.findByText('Voice: Leo')

    expect(screen.getByRole('switch', { name: 'Captions' })).not.toBeChecked()
    await user.click(screen.getByRole('switch', { name: 'Captions' }))
    await user.click(screen.getByRole('radio', { name: /^Bold/ }))
    expect(await screen.findByRole('img', { name: 'Preview of the captions on your video' })).toBeInTheDocument()
    expect(sent['/api/fal/v1/captions/cues']).toEqual([{ audio_url: AUDIO, language: 'en', script: 'Hello there!' }])

    const caption = screen.getByLabelText('Caption at 0:00')
    await user.clear(caption)
    await user.type(caption, 'Hello, world!')
    await user.click(screen.getByRole('button', { name: /Start lip sync/ }))
    expect(onStart.mock.calls[0]?.[0].captions).toEqual({
      style: 'bold',
      timing: 'synthesizer',
      cues: [{ ...CUES.cues[0], text: 'Hello, world!' }],
    })
  })
})
