import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startBalancer, type Balancer } from './balancer.ts'

// The local cluster's balancer (decision 0215) against two small upstreams.

type Upstream = { server: Server; port: number; seen: { forwardedFor: string | string[] | undefined; range: string | undefined; host: string | undefined }[] }

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const item of open.splice(0).toReversed()) await item.close()
})

async function upstream(name: string): Promise<Upstream> {
  const seen: Upstream['seen'] = []
  const server = createServer((request, response) => {
    seen.push({ forwardedFor: request.headers['x-forwarded-for'], range: request.headers.range, host: request.headers.host })
    if (request.url === '/events') {
      // An event now, the end only much later: a buffering proxy would hold the first back.
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write('data: first\n\n')
      const later = setTimeout(() => response.end('data: last\n\n'), 5000)
      response.on('close', () => clearTimeout(later))
      return
    }
    if (request.headers.range === 'bytes=0-1') return void response.writeHead(206, { 'content-range': 'bytes 0-1/10', 'content-length': '2' }).end('ab')
    response.end(name)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no TCP port')
  const port = address.port
  open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) })
  return { server, port, seen }
}

async function balancerFor(...ports: number[]): Promise<Balancer> {
  const balancer = await startBalancer({ port: 0, upstreams: ports.map((port) => ({ host: '127.0.0.1', port })) })
  open.push(balancer)
  return balancer
}

describe('the local cluster balancer', () => {
  it('sends requests round robin, keeps the Host and appends the client to X-Forwarded-For', async () => {
    const [a, b] = [await upstream('a'), await upstream('b')]
    const balancer = await balancerFor(a.port, b.port)
    const answers: string[] = []
    for (let index = 0; index < 4; index++) {
      const response = await fetch(`${balancer.origin}/x`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
      expect(response.headers.get('x-served-by')).toMatch(/^127\.0\.0\.1:\d+$/)
      answers.push(await response.text())
    }
    expect(answers).toEqual(['a', 'b', 'a', 'b'])
    expect(a.seen[0]?.forwardedFor).toBe('203.0.113.9, 127.0.0.1')
    expect(a.seen[0]?.host).toBe(new URL(balancer.origin).host)
  })

  it('passes an event stream on as it comes, and byte ranges both ways', async () => {
    const a = await upstream('a')
    const balancer = await balancerFor(a.port)
    const controller = new AbortController()
    const stream = await fetch(`${balancer.origin}/events`, { signal: controller.signal })
    const reader = stream.body?.getReader()
    const heldBack = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000))
    const first = await Promise.race([reader?.read() ?? heldBack, heldBack])
    expect(first).not.toBeNull()
    expect(new TextDecoder().decode(first?.value)).toBe('data: first\n\n')
    controller.abort()

    const ranged = await fetch(`${balancer.origin}/video.mp4`, { headers: { range: 'bytes=0-1' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe('bytes 0-1/10')
    expect(await ranged.text()).toBe('ab')
    expect(a.seen.at(-1)?.range).toBe('bytes=0-1')
  })

  it('skips an instance that refuses the connection, and answers 502 when none answers', async () => {
    const a = await upstream('a')
    const gone = await upstream('gone')
    await new Promise<void>((resolve) => gone.server.close(() => resolve()))
    const balancer = await balancerFor(gone.port, a.port)
    expect(await (await fetch(`${balancer.origin}/x`)).text()).toBe('a')
    expect(await (await fetch(`${balancer.origin}/x`)).text()).toBe('a')
    const alone = await balancerFor(gone.port)
    expect((await fetch(`${alone.origin}/x`)).status).toBe(502)
  })
})
