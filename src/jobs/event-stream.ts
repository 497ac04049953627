import { isHTTPError } from 'ky'
import { api } from '@/api/http'
import { JOB_EVENTS_PATH, jobEventSchema, streamReadySchema, type JobEvent } from '@contract/job-events'
import { createSseParser, type ServerSentEvent } from './sse-parser'

// The server's job events (docs/decisions/0212, docs/api.md): a status the
// moment it changes, so a finished video shows within a second instead of at
// the next poll. EventSource cannot send the ID token, so the stream is read
// with fetch through the app's API client (the bearer token in its header, a
// refused token refreshed once, like every call). It reconnects by itself
// with the Last-Event-ID; while it is down the spec §4 polls carry on alone.

export interface JobStreamHandlers {
  /** A job's new status (the same answer as its status call); a fresh stream starts with each recent job's. */
  onJob(event: JobEvent): void
  /** The stream is live (again); `resumed`: what happened while it was down came first. */
  onReady?(resumed: boolean): void
}

export interface JobStream {
  /** Reconnects at once if the stream is down (back online, back in the foreground). */
  reconnectNow(): void
  close(): void
}

/** Waits between attempts after failures in a row; a live stream resets it. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000]
/** A server without the stream (404) or a refusal will not change soon: the polls suffice meanwhile. */
const REFUSED_RETRY_MS = 5 * 60_000

function waitFor(ms: number, wake: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(done, ms)
    wake.addEventListener('abort', done, { once: true })
  })
}

export function openJobStream(handlers: JobStreamHandlers): JobStream {
  const closed = new AbortController()
  let lastEventId: string | null = null
  let failures = 0
  let wake = new AbortController()
  let connection: AbortController | null = null

  const dispatch = (message: ServerSentEvent): void => {
    if (message.id !== null) lastEventId = message.id
    try {
      if (message.event === 'job') {
        const parsed = jobEventSchema.safeParse(JSON.parse(message.data))
        if (parsed.success) handlers.onJob(parsed.data)
      } else if (message.event === 'ready') {
        const parsed = streamReadySchema.safeParse(JSON.parse(message.data))
        failures = 0
        handlers.onReady?.(parsed.success && parsed.data.resumed)
      }
    } catch {
      // A malformed event is skipped; the next poll covers it.
    }
  }

  /** Reads one connection to its end; true when it went live (the server's `ready` came). */
  async function readOnce(): Promise<boolean> {
    connection = new AbortController()
    const headers: Record<string, string> = { accept: 'text/event-stream' }
    if (lastEventId !== null) headers['last-event-id'] = lastEventId
    const response = await api.get(JOB_EVENTS_PATH, { headers, timeout: false, signal: AbortSignal.any([closed.signal, connection.signal]) })
    const reader = response.body?.getReader()
    // Something other than the stream answered (a proxy's page, a captive portal): not live.
    if (reader === undefined || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await response.body?.cancel()
      return false
    }
    const decoder = new TextDecoder()
    let live = false
    const feed = createSseParser((message) => {
      if (message.event === 'ready') live = true
      dispatch(message)
    })
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return live
      feed(decoder.decode(value, { stream: true }))
    }
  }

  async function run(): Promise<void> {
    while (!closed.signal.aborted) {
      let delay = 0
      try {
        // The server ends a live stream now and then (a fresh token for the next one): straight
        // back. One that ended before it went live is a failure, or this loop would never pause.
        if (!(await readOnce())) {
          delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 30_000
          failures += 1
        }
      } catch (error) {
        if (closed.signal.aborted) return
        const refused = isHTTPError(error) && error.response.status >= 400 && error.response.status < 500 && error.response.status !== 429
        delay = refused ? REFUSED_RETRY_MS : (RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 30_000)
        failures += 1
      }
      if (delay > 0) {
        wake = new AbortController()
        await waitFor(delay, AbortSignal.any([closed.signal, wake.signal]))
      }
    }
  }

  void run()
  return {
    reconnectNow() {
      wake.abort()
    },
    close() {
      closed.abort()
      connection?.abort()
    },
  }
}
