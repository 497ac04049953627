import { lookup } from 'node:dns/promises'
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { bareHost, isPublicAddress } from './address-policy.ts'

// The one outbound guard for every request to a URL a user chose: audio by
// URL (server/media/fetch-remote.ts) and push endpoints (server/push/), and
// any later one (docs/quality.md, docs/decisions/0283). A URL is vetted
// before each request: an allowed scheme, no credentials, and every address
// its host resolves to must be public (./address-policy.ts). The request then
// connects to the address that was checked, whatever the name resolves to by
// then, so DNS cannot switch it to an inside address (rebinding). Odd IPv4
// forms (127.1, 0x7f000001, 2130706433, 0177.0.0.1) are read by the URL
// parser as the addresses they are, and checked as such.

export interface PinnedAddress {
  address: string
  family: number
}

export type ResolveHost = (host: string) => Promise<PinnedAddress[]>

/** How a guard decides. Production uses the defaults; only tests construct one with more. */
export interface OutboundPolicy {
  /** Exact addresses exempt from the public-address rule. Tests only: never read from configuration. */
  trustedTestAddresses?: readonly string[]
  /** DNS resolution (tests inject hostile answers). */
  resolveHost?: ResolveHost
  /** A certificate authority to trust besides the system's (a local fake's own). Tests only. */
  testCertificateAuthority?: string | Buffer
}

export type Vetting =
  | { ok: true; url: URL; pinned: PinnedAddress }
  /** not_allowed: refused by the rules; unresolvable: the host has no address now (may pass later). */
  | { ok: false; problem: 'not_allowed' | 'unresolvable'; message: string }

export interface VetOptions {
  /** Schemes allowed, e.g. ['https:']. */
  protocols: readonly string[]
  signal?: AbortSignal
}

export interface PinnedRequest {
  method: 'GET' | 'POST'
  headers: OutgoingHttpHeaders
  body?: Buffer | string
  signal: AbortSignal
}

export interface OutboundGuard {
  /** Checks a URL (or the text of one) and answers the one address a request to it may connect to. */
  vet(url: URL | string, options: VetOptions): Promise<Vetting>
  /** Sends a request to a vetted URL, connecting to its checked address. */
  request(vetted: { url: URL; pinned: PinnedAddress }, options: PinnedRequest): Promise<IncomingMessage>
}

const systemResolve: ResolveHost = (host) => lookup(host, { all: true, verbatim: true })

/** DNS lookups cannot be cancelled; stop waiting for one when the deadline passes. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    work.then(resolve, reject)
  })
}

const refused = (message: string): Vetting => ({ ok: false, problem: 'not_allowed', message })

export function createOutboundGuard(policy: OutboundPolicy = {}): OutboundGuard {
  const trusted = new Set(policy.trustedTestAddresses ?? [])
  const resolveHost = policy.resolveHost ?? systemResolve
  const allowed = (address: string): boolean => trusted.has(address) || isPublicAddress(address)

  async function vet(input: URL | string, options: VetOptions): Promise<Vetting> {
    let url: URL
    try {
      url = typeof input === 'string' ? new URL(input) : input
    } catch {
      return refused('The URL is not valid')
    }
    if (!options.protocols.includes(url.protocol)) return refused(`Only ${options.protocols.map((p) => p.replace(':', '')).join(' and ')} URLs are allowed`)
    if (url.username !== '' || url.password !== '') return refused('URLs with credentials are not allowed')
    const host = bareHost(url)
    let answers: PinnedAddress[]
    try {
      answers = await untilAborted(resolveHost(host), options.signal)
    } catch (error) {
      if (options.signal?.aborted === true) throw error
      return { ok: false, problem: 'unresolvable', message: `The host ${host} could not be found` }
    }
    // One inside answer is enough to refuse: the connection must not depend on which one is tried.
    const [first] = answers
    if (first === undefined || !answers.every((answer) => allowed(answer.address))) return refused('The URL points to an address that is not allowed')
    return { ok: true, url, pinned: first }
  }

  function request(vetted: { url: URL; pinned: PinnedAddress }, options: PinnedRequest): Promise<IncomingMessage> {
    const { url, pinned } = vetted
    // Connect to the vetted address whatever the name resolves to now (no DNS rebinding).
    const pinnedLookup: LookupFunction = (_host, lookupOptions, callback) => {
      if (lookupOptions.all === true) callback(null, [pinned])
      else callback(null, pinned.address, pinned.family)
    }
    const tls = url.protocol === 'https:'
    const client = tls ? https : http
    const ca = tls && policy.testCertificateAuthority !== undefined ? { ca: policy.testCertificateAuthority } : {}
    return new Promise((resolve, reject) => {
      const req = client.request(
        url,
        { method: options.method, lookup: pinnedLookup, agent: false, signal: options.signal, headers: options.headers, ...ca },
        resolve,
      )
      req.on('error', reject)
      req.end(options.body)
    })
  }

  return { vet, request }
}
