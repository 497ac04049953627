import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createServerStateClient } from '@/api/server-state'
import { completed, fakeEventStream, fakeServer, running } from '@/jobs/testing/fake-server'
import type { VoiceJob } from '@contract/voice'
import { failureOf } from './call-outcome'
import { voiceStatusQuery } from './get-voice-status'
import { useVoiceEvents } from './voice-events'

// A voice being made is followed by the job event stream, not by asking every
// second: its event has the voice read again at once; another job's event does
// not. A refused read reaches the screen as the one-shot calls' refusals do.

const voice = (status: VoiceJob['status']): VoiceJob => ({
  requestId: 'voice-1',
  status,
  progress: { currentprogress: status === 'completed' ? 1 : 0, totalprogress: 1 },
  text: 'Hello there',
  language: 'en',
  voice: 'en-ava',
  maker: 'local',
  audio: null,
  createdAt: '2026-11-27T10:00:00.000Z',
})

function VoiceStatus() {
  const query = useQuery(voiceStatusQuery('u1', 'voice-1'))
  useVoiceEvents('u1', query.data?.status !== 'completed')
  return <p>{query.data?.status ?? 'asking'}</p>
}

afterEach(() => vi.restoreAllMocks())

describe('useVoiceEvents', () => {
  it('reads the voice again when its event comes, and only then', async () => {
    let made = false
    const events = fakeEventStream()
    const server = fakeServer({
      '/api/fal/v1/events': events.handler,
      '/api/fal/v1/voiceStatus': () => ({ json: voice(made ? 'completed' : 'running') }),
    })
    render(
      <QueryClientProvider client={createServerStateClient()}>
        <VoiceStatus />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('running')).toBeInTheDocument()
    await vi.waitFor(() => expect(server.streams).toHaveLength(1))
    events.send('ready', { resumed: false }, 1)
    // A video's event is not the voice's.
    events.send('job', { requestId: 'video-1', kind: 'ugc', status: running(10, 100) }, 2)
    made = true
    events.send('job', { requestId: 'voice-1', kind: 'voice', status: completed('/media/a.wav') }, 3)
    // Well before the fallback poll.
    expect(await screen.findByText('completed', {}, { timeout: 1000 })).toBeInTheDocument()
    expect(server.paths().filter((path) => path === '/api/fal/v1/voiceStatus')).toHaveLength(2)
    // Once made, the stream is closed.
    await vi.waitFor(() => expect(server.streams[0]?.signal.aborted).toBe(true))
  })
})

describe('failureOf', () => {
  it('reads a voice query’s error as the one-shot calls answer theirs', async () => {
    fakeServer({ '/api/fal/v1/voiceStatus': () => ({ status: 404, json: { code: 'not_found', message: 'No such voice' } }) })
    const client = createServerStateClient()
    const error = await client.fetchQuery(voiceStatusQuery('u1', 'voice-1')).then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(failureOf(error)).toEqual({ kind: 'refused', code: 'not_found', status: 404 })
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed' })
  })
})
