import { createServer, type Server } from 'node:http'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboundGuard, type Vetting } from './guard.ts'

// The one outbound guard (docs/quality.md, docs/decisions/0283): what it
// refuses, on real DNS where the answer is known (localhost) and on injected
// answers where it must be hostile.

const HTTPS = { protocols: ['https:'] }
const problemOf = (vetting: Vetting): string => (vetting.ok ? `allowed ${vetting.pinned.address}` : vetting.problem)

let server: Server
let port = 0
const hits: string[] = []
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method ?? ''} ${req.headers.host ?? ''} ${req.url ?? ''}`)
    res.writeHead(201).end('created')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  port = address.port
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('the outbound guard', () => {
  const guard = createOutboundGuard()

  it.each([
    // Loopback in every spelling a URL allows.
    'https://127.0.0.1/push',
    'https://127.1/push',
    'https://0x7f000001/push',
    'https://2130706433/push',
    'https://0177.0.0.1/push',
    'https://0x7f.0.0.1/push',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[::ffff:7f00:1]/push',
    'https://localhost/push',
    // Private, link-local, shared, reserved, unspecified.
    'https://10.0.0.1/push',
    'https://172.31.255.255/push',
    'https://192.168.1.1/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/push',
    'https://0.0.0.0/push',
    'https://240.0.0.1/push',
    'https://[::]/push',
    'https://[fe80::1]/push',
    'https://[fd12:3456::1]/push',
    'https://[64:ff9b::7f00:1]/push',
    'https://[2002:7f00:1::]/push',
  ])('refuses %s', async (url) => {
    expect(problemOf(await guard.vet(url, HTTPS))).toBe('not_allowed')
  })

  it.each(['http://fcm.googleapis.com/x', 'ftp://fcm.googleapis.com/x', 'https://user:pw@fcm.googleapis.com/x', 'not a url'])(
    'refuses %s before any lookup',
    async (url) => {
      const asked: string[] = []
      const strict = createOutboundGuard({ resolveHost: async (host) => (asked.push(host), [{ address: '142.250.1.1', family: 4 }]) })
      expect(problemOf(await strict.vet(url, HTTPS))).toBe('not_allowed')
      expect(asked).toEqual([])
    },
  )

  it('refuses a host name that resolves to loopback, or to an inside address among public ones', async () => {
    const answers: Record<string, { address: string; family: number }[]> = {
      'loopback.example': [{ address: '127.0.0.1', family: 4 }],
      'v6-loopback.example': [{ address: '::1', family: 6 }],
      'mixed.example': [
        { address: '142.250.1.1', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    }
    const hostile = createOutboundGuard({ resolveHost: async (host) => answers[host] ?? [] })
    for (const host of Object.keys(answers)) expect(problemOf(await hostile.vet(`https://${host}/push`, HTTPS))).toBe('not_allowed')
    expect(problemOf(await hostile.vet('https://nothing.example/push', HTTPS))).toBe('not_allowed')
  })

  it('allows a host whose every address is public, and tells an unresolvable host apart', async () => {
    const resolving = createOutboundGuard({
      resolveHost: async (host) => {
        if (host === 'fcm.googleapis.com') return [{ address: '142.250.1.95', family: 4 }]
        throw new Error('ENOTFOUND')
      },
    })
    expect(problemOf(await resolving.vet('https://fcm.googleapis.com/fcm/send/abc', HTTPS))).toBe('allowed 142.250.1.95')
    expect(problemOf(await resolving.vet('https://gone.example/push', HTTPS))).toBe('unresolvable')
  })

  it('connects to the address it checked, whatever the name resolves to afterwards', async () => {
    let lookups = 0
    const pinned = createOutboundGuard({
      trustedTestAddresses: ['127.0.0.1'],
      // The first answer is checked; a rebinding answer after it must never be used.
      resolveHost: async () => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }]),
    })
    const vetted = await pinned.vet(`http://push.invalid:${port}/push/1`, { protocols: ['http:'] })
    if (!vetted.ok) throw new Error(vetted.message)
    const response = await pinned.request(vetted, { method: 'POST', headers: { ttl: '60' }, body: 'hello', signal: AbortSignal.timeout(5000) })
    expect(response.statusCode).toBe(201)
    expect(await text(response)).toBe('created')
    expect(hits.at(-1)).toBe(`POST push.invalid:${port} /push/1`)
    expect(lookups).toBe(1)
  })

  it('never trusts a test address it was not given', async () => {
    expect(problemOf(await createOutboundGuard({ trustedTestAddresses: ['127.0.0.1'] }).vet('https://127.0.0.2/push', HTTPS))).toBe('not_allowed')
    expect(problemOf(await createOutboundGuard({ trustedTestAddresses: ['127.0.0.1'] }).vet('https://127.1/push', HTTPS))).toBe('allowed 127.0.0.1')
  })
})
