import { vi } from 'vitest'
import type { StatusResponse } from '@contract/generations'

// Test helper: answers the app's fetches by path, as the product server would,
// and records each call (path and JSON body) in order.

export interface RecordedCall {
  method: string
  path: string
  body: unknown
}

export type Handler = (body: unknown) => { status?: number; json: unknown } | Promise<{ status?: number; json: unknown }>

export function fakeServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input : String(input), init)
    const path = new URL(request.url).pathname
    const text = await request.text()
    const body: unknown = text === '' ? undefined : JSON.parse(text)
    calls.push({ method: request.method, path, body })
    const handler = routes[path]
    if (handler === undefined) return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 })
    const { status = 200, json } = await handler(body)
    return Response.json(json, { status })
  })
  return {
    calls,
    paths: () => calls.map((call) => call.path),
  }
}

export function running(current: number, total: number): StatusResponse {
  return { status: 'running', outputUrl: null, progress: { currentprogress: current, totalprogress: total } }
}

export function completed(outputUrl: string): StatusResponse {
  return { status: 'completed', outputUrl, progress: { currentprogress: 100, totalprogress: 100 } }
}
