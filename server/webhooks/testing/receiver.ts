import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { text } from 'node:stream/consumers'

// A webhook endpoint on 127.0.0.1 for tests: records every request (headers
// and the raw body, as a receiver must verify it) and answers the status it
// is told to.

export interface ReceivedWebhook {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export interface WebhookReceiver {
  url(path?: string): string
  received: ReceivedWebhook[]
  /** The status the next requests get (default 200). */
  answer(status: number): void
  /** Resolves once `count` requests arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  let status = 200
  const server: Server = createServer((req, res) => {
    void text(req).then((body) => {
      received.push({ path: req.url ?? '', headers: req.headers, body })
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the receiver has no port')
  return {
    url: (path = '/hooks/actorly') => `http://127.0.0.1:${address.port}${path}`,
    received,
    answer(next) {
      status = next
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} webhooks arrived in ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return received.slice(0, count)
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
