import { afterEach, describe, expect, it, vi } from 'vitest'
import { setTokenSource } from '@/api/http'
import type { JobEvent } from '@contract/job-events'
import { openJobStream, type JobStream } from './event-stream'
import { completed, fakeEventStream, fakeServer, running } from './testing/fake-server'

// The job event stream read with fetch (decision 0212): the ID token in the
// Authorization header (EventSource could not send it), events handed over
// as they come, Last-Event-ID on a reconnect, and no hammering of a server
// that has no stream.

let stream: JobStream | null = null
afterEach(() => {
  stream?.close()
  stream = null
  setTokenSource(null)
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const job = (status: JobEvent['status']): JobEvent => ({ requestId: 'req-1', kind: 'ugc', status })

describe('openJobStream', () => {
  it('reads the stream with the bearer token and hands over each job event and the ready mark', async () => {
    setTokenSource({ getToken: async () => 'token-9', onRejected: vi.fn<() => void>() })
    const events = fakeEventStream()
    const server = fakeServer({ '/api/fal/v1/events': events.handler })
    const onJob = vi.fn<(event: JobEvent) => void>()
    const onReady = vi.fn<(resumed: boolean) => void>()
    stream = openJobStream({ onJob, onReady })
    await vi.waitFor(() => expect(server.streams).toHaveLength(1))
    expect(server.streams[0]?.headers.get('authorization')).toBe('Bearer token-9')
    expect(server.streams[0]?.headers.get('last-event-id')).toBeNull()

    events.send('ready', { resumed: false }, 3)
    await vi.waitFor(() => expect(onReady).toHaveBeenCalledWith(false))
    events.send('job', job(running(40, 100)), 4)
    events.send('job', { not: 'an event' }, 5)
    events.send('job', job(completed('https://cdn.test/v.mp4')), 6)
    await vi.waitFor(() => expect(onJob).toHaveBeenCalledTimes(2))
    expect(onJob.mock.calls.map(([event]) => event.status.status)).toEqual(['running', 'completed'])
  })

  it('reconnects after the server ends the stream, resuming after the last event it saw', async () => {
    const events = fakeEventStream()
    const server = fakeServer({ '/api/fal/v1/events': events.handler })
    const onReady = vi.fn<(resumed: boolean) => void>()
    stream = openJobStream({ onJob: vi.fn<(event: JobEvent) => void>(), onReady })
    await vi.waitFor(() => expect(server.streams).toHaveLength(1))
    events.send('ready', { resumed: false }, 10)
    events.send('job', job(running(10, 100)), 11)
    await vi.waitFor(() => expect(onReady).toHaveBeenCalledTimes(1))
    events.end()
    await vi.waitFor(() => expect(server.streams).toHaveLength(2))
    expect(server.streams[1]?.headers.get('last-event-id')).toBe('11')
    events.send('ready', { resumed: true }, 11)
    await vi.waitFor(() => expect(onReady).toHaveBeenLastCalledWith(true))
  })

  it('leaves a server without the stream alone for minutes (the polls carry on), and tries again when asked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const server = fakeServer({})
    stream = openJobStream({ onJob: vi.fn<(event: JobEvent) => void>(), onReady: vi.fn<(resumed: boolean) => void>() })
    await vi.waitFor(() => expect(server.streams).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(4 * 60_000)
    expect(server.streams).toHaveLength(1)
    stream.reconnectNow()
    await vi.waitFor(() => expect(server.streams).toHaveLength(2))
  })

  it('pauses when something other than the stream answers 200, rather than asking again at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const server = fakeServer({ '/api/fal/v1/events': () => ({ json: { status: 'running' } }) })
    stream = openJobStream({ onJob: vi.fn<(event: JobEvent) => void>() })
    await vi.waitFor(() => expect(server.streams).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(500)
    expect(server.streams).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(server.streams).toHaveLength(2)
  })

  it('pauses after a stream that ends before it went live, and backs off when that repeats', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const events = fakeEventStream()
    const server = fakeServer({ '/api/fal/v1/events': events.handler })
    stream = openJobStream({ onJob: vi.fn<(event: JobEvent) => void>() })
    await vi.waitFor(() => expect(server.streams).toHaveLength(1))
    events.end()
    await vi.advanceTimersByTimeAsync(1_000)
    await vi.waitFor(() => expect(server.streams).toHaveLength(2))
    events.end()
    await vi.advanceTimersByTimeAsync(1_500)
    expect(server.streams).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(500)
    await vi.waitFor(() => expect(server.streams).toHaveLength(3))
  })
})
