import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll } from 'vitest'

// A real HTTP server on 127.0.0.1 for tests of calls made with XMLHttpRequest
// (jsdom sends them for real). Each request is answered by the next queued
// handler, else with 200 {}; what arrived is kept in `seen`.

export type Handler = (request: IncomingMessage, response: ServerResponse) => void

export interface SeenRequest {
  path: string
  auth: string | undefined
  /** The raw body, latin1 (multipart bodies hold binary parts). */
  body: string
}

export interface TestServer {
  /** http://127.0.0.1:<port>, set once the server listens. */
  origin: string
  handlers: Handler[]
  seen: SeenRequest[]
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

/** Closes the connection without an answer, as a dropped mobile link does. */
export const drop: Handler = (request) => request.socket.destroy()

/** Starts the server for this test file (cross-origin: it allows the page's origin and the bearer header). */
export function testServerForThisFile(): TestServer {
  const state: TestServer = { origin: '', handlers: [], seen: [] }
  let server: Server | undefined
  beforeAll(async () => {
    const started = createServer((request, response) => {
      response.setHeader('access-control-allow-origin', '*')
      response.setHeader('access-control-allow-headers', 'authorization, content-type')
      if (request.method === 'OPTIONS') return void response.end()
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        state.seen.push({ path: request.url ?? '', auth: request.headers.authorization, body: Buffer.concat(chunks).toString('latin1') })
        const handle = state.handlers.shift() ?? ((_, res) => json(res, 200, {}))
        handle(request, response)
      })
    })
    server = started
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve))
    const address = started.address()
    if (address === null || typeof address === 'string') throw new Error('the test server has no port')
    state.origin = `http://127.0.0.1:${address.port}`
  })
  afterEach(() => {
    state.handlers.length = 0
    state.seen.length = 0
  })
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))
  return state
}
