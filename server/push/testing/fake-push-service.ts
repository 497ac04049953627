import { execFileSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkVapid, decryptAes128gcm, makeDeviceKeys, type DeviceKeys, type VapidClaims } from './web-push-crypto.ts'

// A local stand-in for a browser's push service (RFC 8030), over HTTPS as
// web-push requires, with a certificate made for 127.0.0.1 that only the
// server under test trusts, through the outbound guard's test-only allowances
// (server/testing/push-helpers.ts, fakePushSettings). It accepts exactly what a push service accepts: a POST to a
// subscription's endpoint with a TTL, aes128gcm content and a valid VAPID
// JWT for its own origin, signed with the key the subscription was made with
// (403 otherwise, as push services answer); it decrypts each message with the
// device keys it made (web-push-crypto.ts) and answers 201. A test can make
// a subscription answer 410 (gone) or another status.

export interface ReceivedPush {
  subscriptionId: string
  /** The decrypted body, parsed as JSON. */
  message: unknown
  ttl: number
  topic: string | null
  urgency: string | null
  claims: VapidClaims
  at: number
}

export interface FakeSubscription {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface FakePushService {
  origin: string
  /** Its certificate, for the server under test to trust (a test-only allowance of the outbound guard). */
  certificate: Buffer
  /** A new device subscription, as PushManager.subscribe() gives it, for the given VAPID public key. */
  subscribe(vapidPublicKey: string): FakeSubscription
  /** From now on this subscription answers `status` (410: gone). */
  answer(subscriptionId: string, status: number): void
  received: ReceivedPush[]
  /** Every request that reached it, as "METHOD /path", whether it was accepted or not. */
  requests: string[]
  /** Requests refused for a wrong signature, encryption or header, with the reason. */
  refusals: { subscriptionId: string; status: number; reason: string }[]
  close(): Promise<void>
}

interface Device {
  keys: DeviceKeys
  vapidPublicKey: string
  status: number
}

/** A throwaway certificate for 127.0.0.1 (openssl, as in Debian's openssl package). */
function makeCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'actorly-fake-push-'))
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')]
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(key), cert: readFileSync(cert) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = makeCertificate()
  const devices = new Map<string, Device>()
  const received: ReceivedPush[] = []
  const refusals: FakePushService['refusals'] = []
  let origin = ''

  async function handle(req: IncomingMessage, res: ServerResponse, id: string, device: Device): Promise<void> {
    const refuse = (status: number, reason: string): void => {
      refusals.push({ subscriptionId: id, status, reason })
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reason)
    }
    const body = await readBody(req)
    if (device.status !== 201) {
      res.writeHead(device.status).end()
      return
    }
    const vapid = checkVapid(req.headers.authorization, origin)
    if (!vapid.ok) return refuse(403, vapid.reason)
    if (vapid.publicKey !== device.vapidPublicKey) return refuse(403, 'signed with another key than the subscription was made with')
    const ttl = Number(req.headers.ttl)
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing or not a whole number')
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, `content-encoding ${String(req.headers['content-encoding'])}, not aes128gcm`)
    if (body.length > 4096) return refuse(413, 'payload larger than 4096 bytes')
    let message: unknown
    try {
      message = JSON.parse(decryptAes128gcm(body, device.keys).toString('utf8'))
    } catch (error) {
      return refuse(400, `does not decrypt: ${error instanceof Error ? error.message : String(error)}`)
    }
    const header = (name: string): string | null => {
      const value = req.headers[name]
      return typeof value === 'string' ? value : null
    }
    received.push({ subscriptionId: id, message, ttl, topic: header('topic'), urgency: header('urgency'), claims: vapid.claims, at: Date.now() })
    res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end()
  }

  const requests: string[] = []
  const server: Server = createServer({ key, cert }, (req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`)
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
    const device = id === undefined ? undefined : devices.get(id)
    if (req.method !== 'POST' || id === undefined || device === undefined) {
      res.writeHead(404).end()
      return
    }
    handle(req, res, id, device).catch((error: unknown) => res.writeHead(500).end(String(error)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.address()
  if (address === null || typeof address === 'string') throw new Error('the fake push service is not listening on a port')
  origin = `https://127.0.0.1:${address.port}`

  return {
    origin,
    certificate: cert,
    received,
    requests,
    refusals,
    subscribe(vapidPublicKey) {
      const id = randomUUID()
      const keys = makeDeviceKeys(randomBytes(16))
      devices.set(id, { keys, vapidPublicKey, status: 201 })
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.authSecret.toString('base64url') } }
    },
    answer(subscriptionId, status) {
      const device = devices.get(subscriptionId)
      if (device !== undefined) device.status = status
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
