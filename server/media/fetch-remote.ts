import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { MediaKind } from '../../contract/media.ts'
import { createOutboundGuard, type OutboundPolicy } from '../outbound/guard.ts'
import type { UploadableMediaType } from './media-types.ts'
import { SNIFF_BYTES, sniffMediaTypes } from './sniff.ts'

// Fetches a user-given media URL (the lip-sync audio URL, spec §2/§5) without
// letting it reach inside our network (docs/quality.md): every hop goes
// through the outbound guard (server/outbound/guard.ts: http(s) only, the
// host's addresses checked, the connection pinned to the checked address);
// redirects followed by hand (at most 3), each re-checked; size and time
// capped; type checked by header and by bytes.

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

/** The outbound guard's policy (server/outbound/guard.ts): the defaults in production, more in tests. */
export type RemoteFetcherPolicy = OutboundPolicy

const MAX_REDIRECTS = 3
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const HTTP_SCHEMES = ['http:', 'https:']

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

export function createRemoteFetcher(policy: RemoteFetcherPolicy = {}) {
  const guard = createOutboundGuard(policy)

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
      const vetted = await guard.vet(url, { protocols: HTTP_SCHEMES, signal })
      if (!vetted.ok) throw vetted.problem === 'unresolvable' ? new RemoteFetchError('upstream_failed', vetted.message) : refuse(vetted.message)
      const response = await guard.request(vetted, { method: 'GET', signal, headers: { 'user-agent': 'Actorly media fetch', accept: '*/*' } })
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
