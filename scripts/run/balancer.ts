import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

// The local cluster's load balancer (`npm run start:cluster`): round robin
// over the API instances, request by request, as a managed platform's
// balancer spreads them. What it does is what the instances are configured
// for (docs/decisions/0215):
// - the Host header passes unchanged, so it is the public origin the
//   instances know (PUBLIC_ORIGIN);
// - it appends the client's address to X-Forwarded-For (the instances run
//   with TRUST_PROXY and read its rightmost entry) and says X-Forwarded-Proto
//   and X-Forwarded-Host, as Cloud Run's front end does;
// - answers stream through as they come: the job event stream (server-sent
//   events) is never buffered, and a client that leaves ends its upstream
//   request;
// - an instance that refuses the connection is skipped for a request without
//   a body; one that fails mid-request answers 502;
// - `X-Served-By` names the instance that answered.
// A test topology, not a product: no health checks, no TLS. It runs as its
// own process (./balancer-process.ts), as a platform's balancer does: it never
// shares an event loop with the script that started it or with a bench's load.

export interface Balancer {
  origin: string
  close(): Promise<void>
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']

function forwardedHeaders(incoming: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...incoming.headers }
  for (const name of HOP_BY_HOP) delete headers[name]
  const client = incoming.socket.remoteAddress ?? ''
  const before = incoming.headers['x-forwarded-for']
  headers['x-forwarded-for'] = before === undefined || before === '' ? client : `${String(before)}, ${client}`
  headers['x-forwarded-proto'] = 'http'
  headers['x-forwarded-host'] = incoming.headers.host ?? ''
  return headers
}

function answerHeaders(answer: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...answer.headers }
  for (const name of HOP_BY_HOP) delete headers[name]
  return headers
}

function listeningPort(server: Server): number {
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the balancer is not listening on a TCP port')
  return address.port
}

export async function startBalancer(options: { port: number; upstreams: { host: string; port: number }[] }): Promise<Balancer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  let next = 0
  const sockets = new Set<Socket>()

  function forward(incoming: IncomingMessage, outgoing: ServerResponse, tried: number): void {
    const index = next
    next = (next + 1) % options.upstreams.length
    const upstream = options.upstreams[index]
    if (upstream === undefined) return void outgoing.writeHead(502).end()
    const hasBody = incoming.headers['content-length'] !== undefined || incoming.headers['transfer-encoding'] !== undefined
    const proxied = request(
      { agent, host: upstream.host, port: upstream.port, method: incoming.method, path: incoming.url, headers: forwardedHeaders(incoming) },
      (answer) => {
        // Which instance answered, for whoever watches the round robin (tests, a curious developer).
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, { ...answerHeaders(answer), 'x-served-by': `${upstream.host}:${upstream.port}` })
        // Headers now, not with the first bytes of the body: an event stream's client learns at once that it is open.
        outgoing.flushHeaders()
        answer.pipe(outgoing)
        answer.on('error', () => outgoing.destroy())
      },
    )
    proxied.on('error', (error: NodeJS.ErrnoException) => {
      // Nothing was sent to that instance yet: another one may answer.
      if (error.code === 'ECONNREFUSED' && !hasBody && tried + 1 < options.upstreams.length) return forward(incoming, outgoing, tried + 1)
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway: the API instance did not answer\n')
      else outgoing.destroy()
    })
    // The client left (a closed event stream, a cancelled upload): so does the request upstream.
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) proxied.destroy()
    })
    if (hasBody) incoming.pipe(proxied)
    else proxied.end()
  }

  const server = createServer((incoming, outgoing) => forward(incoming, outgoing, 0))
  // Longer than the instances' own idle timeout is pointless; shorter than the browsers' is what balancers do.
  server.keepAliveTimeout = 60_000
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => resolve())
  })
  return {
    // The port it got (options.port 0: any free one).
    origin: `http://127.0.0.1:${listeningPort(server)}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      agent.destroy()
      await closed
    },
  }
}
