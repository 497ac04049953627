import { vi } from 'vitest'
import type { StatusResponse } from '@contract/generations'
import { JOB_EVENTS_PATH } from '@contract/job-events'

// Test helper: answers the app's fetches by path, as the product server would,
// and records each call (path and JSON body) in order. The job event stream
// (GET /api/fal/v1/events) is recorded apart, in `streams`: without a route
// for it the fake answers 404 and the app polls alone.

export interface RecordedCall {
  method: string
  path: string
  body: unknown
}

export type Answer = { status?: number; json: unknown } | { stream: ReadableStream<Uint8Array> }
export type Handler = (body: unknown, request: Request) => Answer | Promise<Answer>

const EVENTS_PATH = `/${JOB_EVENTS_PATH}`

export function fakeServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = []
  const streams: Request[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input : String(input), init)
    const path = new URL(request.url).pathname
    if (path === EVENTS_PATH) streams.push(request)
    const text = path === EVENTS_PATH ? '' : await request.text()
    const body: unknown = text === '' ? undefined : JSON.parse(text)
    if (path !== EVENTS_PATH) calls.push({ method: request.method, path, body })
    const handler = routes[path]
    if (handler === undefined) return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 })
    const answer = await handler(body, request)
    if ('stream' in answer) return new Response(answer.stream, { headers: { 'content-type': 'text/event-stream' } })
    return Response.json(answer.json, { status: answer.status ?? 200 })
  })
  return {
    calls,
    streams,
    paths: () => calls.map((call) => call.path),
  }
}

/** A job event stream the test writes to: each request opens a fresh one; `send` writes to the newest. */
export function fakeEventStream() {
  let current: ReadableStreamDefaultController<Uint8Array> | null = null
  const encoder = new TextEncoder()
  const handler: Handler = (_body, request) => ({
    stream: new ReadableStream<Uint8Array>({
      start(controller) {
        current = controller
        request.signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
      },
    }),
  })
  return {
    handler,
    send(event: 'job' | 'ready', data: unknown, id: number) {
      current?.enqueue(encoder.encode(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`))
    },
    /** The server ends the stream (as it does every few minutes). */
    end() {
      current?.close()
      current = null
    },
  }
}

export function running(current: number, total: number): StatusResponse {
  return { status: 'running', outputUrl: null, progress: { currentprogress: current, totalprogress: total } }
}

export function completed(outputUrl: string): StatusResponse {
  return { status: 'completed', outputUrl, progress: { currentprogress: 100, totalprogress: 100 } }
}
