import { randomUUID } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { createWriteStream } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import path from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { MediaKind } from '../../contract/media.ts'
import { bareHost, isPublicAddress } from './address-policy.ts'
import type { UploadableMediaType } from './media-types.ts'
import { SNIFF_BYTES, sniffMediaTypes } from './sniff.ts'

// Fetches a user-given media URL (the lip-sync audio URL, spec §2/§5) without
// letting it reach inside our network (docs/quality.md): http(s) only; every hop's
// host resolved and checked, then the connection pinned to that checked
// address so DNS cannot switch it; redirects followed by hand (at most 3),
// each re-checked; size and time capped; type checked by header and by bytes.

export type RemoteFetchProblem = 'url_not_allowed' | 'too_large' | 'timeout' | 'invalid_type' | 'upstream_failed'
export class RemoteFetchError extends Error {
  override name = 'RemoteFetchError'
  readonly problem: RemoteFetchProblem
  constructor(problem: RemoteFetchProblem, message: string) {
    super(message)
    this.problem = problem
  }
}

export interface FetchRemoteOptions {
  maxBytes: number
  /** Content types (without parameters) the server's answer may declare, e.g. spec §5's audio URL types. */
  allowedContentTypes: readonly string[]
  timeoutMs: number
  /** Folder for the downloaded file. */
  dir: string
  /** The kind the bytes must sniff as (default audio). */
  kind?: MediaKind
  signal?: AbortSignal
}
export interface RemoteFile {
  /** The downloaded file, named with the extension of its sniffed type. */
  path: string
  /** The sniffed type's content type (what the file really is). */
  contentType: string
  bytes: number
  type: UploadableMediaType
}

export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>
export interface RemoteFetcherPolicy {
  /** Exact addresses exempt from the public-address rule. Tests only: never read from configuration. */
  trustedTestAddresses?: readonly string[]
  /** DNS resolution (tests inject hostile answers). */
  resolveHost?: ResolveHost
}

const MAX_REDIRECTS = 3
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const systemResolve: ResolveHost = (host) => lookup(host, { all: true, verbatim: true })

/** DNS lookups cannot be cancelled; stop waiting for one when the deadline passes. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    work.then(resolve, reject)
  })
}

const refuse = (message: string): RemoteFetchError => new RemoteFetchError('url_not_allowed', message)

/** Counts the body as it streams and stops it past the cap. */
class ByteCap extends Transform {
  bytes = 0
  private readonly max: number
  constructor(max: number) {
    super()
    this.max = max
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length
    if (this.bytes > this.max) done(new RemoteFetchError('too_large', 'The file at the URL is too large'))
    else done(null, chunk)
  }
}

function request(url: URL, pinned: { address: string; family: number }, signal: AbortSignal): Promise<IncomingMessage> {
  // Connect to the vetted address whatever the name resolves to now (no DNS rebinding).
  const pinnedLookup: LookupFunction = (_host, options, callback) => {
    if (options.all === true) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'GET', lookup: pinnedLookup, agent: false, signal, headers: { 'user-agent': 'Actorly media fetch', accept: '*/*' } },
      resolve,
    )
    req.on('error', reject)
    req.end()
  })
}

export function createRemoteFetcher(policy: RemoteFetcherPolicy = {}) {
  const trusted = new Set(policy.trustedTestAddresses ?? [])
  const resolveHost = policy.resolveHost ?? systemResolve
  const allowed = (address: string): boolean => trusted.has(address) || isPublicAddress(address)

  /** Validates a hop's URL and returns the one checked address to connect to. */
  async function vetHop(url: URL, signal: AbortSignal): Promise<{ address: string; family: number }> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('Only http and https URLs can be loaded')
    if (url.username !== '' || url.password !== '') throw refuse('URLs with credentials are not allowed')
    const host = bareHost(url)
    const answers = await untilAborted(resolveHost(host), signal).catch((error: unknown) => {
      throw signal.aborted ? error : new RemoteFetchError('upstream_failed', `The host ${host} could not be found`)
    })
    // One private answer is enough to refuse: the connection must not depend on which one is tried.
    if (answers.length === 0 || !answers.every((a) => allowed(a.address))) throw refuse('The URL points to an address that is not allowed')
    const first = answers[0]
    if (first === undefined) throw refuse('The URL points to an address that is not allowed')
    return first
  }

  async function fetchRemoteToFile(rawUrl: string, options: FetchRemoteOptions): Promise<RemoteFile> {
    let url: URL
    try {
      url = new URL(rawUrl)
    } catch {
      throw refuse('The URL is not valid')
    }
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const signal = options.signal === undefined ? timeout : AbortSignal.any([timeout, options.signal])
    const partial = path.join(options.dir, `remote-${randomUUID()}.part`)
    try {
      const response = await followRedirects(url, signal)
      const declared = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
      if (!options.allowedContentTypes.includes(declared)) {
        response.destroy()
        throw new RemoteFetchError('invalid_type', `The URL answered ${declared || 'no content type'}, not a supported media type`)
      }
      if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
        response.destroy()
        throw new RemoteFetchError('too_large', 'The file at the URL is too large')
      }
      const cap = new ByteCap(options.maxBytes)
      await pipeline(response, cap, createWriteStream(partial, { flags: 'wx' }), { signal })
      const type = await sniffFile(partial, options.kind ?? 'audio')
      const finalPath = partial.replace(/\.part$/, `.${type.ext}`)
      await rename(partial, finalPath)
      return { path: finalPath, contentType: type.contentType, bytes: cap.bytes, type }
    } catch (error) {
      await rm(partial, { force: true })
      if (timeout.aborted) throw new RemoteFetchError('timeout', 'The URL took too long to answer')
      if (error instanceof RemoteFetchError || options.signal?.aborted === true) throw error
      throw new RemoteFetchError('upstream_failed', `The URL could not be loaded (${error instanceof Error ? error.message : 'unknown error'})`)
    }
  }

  async function followRedirects(start: URL, signal: AbortSignal): Promise<IncomingMessage> {
    let url = start
    for (let hop = 0; ; hop += 1) {
      const pinned = await vetHop(url, signal)
      const response = await request(url, pinned, signal)
      const status = response.statusCode ?? 0
      if (REDIRECTS.has(status) && response.headers.location !== undefined) {
        response.destroy()
        if (hop >= MAX_REDIRECTS) throw new RemoteFetchError('upstream_failed', 'The URL redirects too many times')
        url = new URL(response.headers.location, url)
        continue
      }
      if (status < 200 || status > 299) {
        response.destroy()
        throw new RemoteFetchError('upstream_failed', `The URL answered HTTP ${status}`)
      }
      return response
    }
  }

  return { fetchRemoteToFile }
}

/** The file's type from its first bytes; it must be of the asked kind. */
async function sniffFile(file: string, kind: MediaKind): Promise<UploadableMediaType> {
  const handle = await open(file, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0)
    const type = sniffMediaTypes(buffer.subarray(0, bytesRead)).find((t) => t.kind === kind)
    if (type === undefined) throw new RemoteFetchError('invalid_type', `The file at the URL is not ${kind} of a supported type`)
    return type
  } finally {
    await handle.close()
  }
}

/** Production fetcher: public addresses only, system DNS. */
export const { fetchRemoteToFile } = createRemoteFetcher()
