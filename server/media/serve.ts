import type { Readable } from 'node:stream'
import { parseRange } from '../../contract/byte-range.ts'
import { parseMediaKey } from './keys.ts'
import type { MediaLinks } from './links.ts'
import type { MediaStore } from './store.ts'

// Serving stored media to browsers and the generation provider, from any
// instance: the bytes are streamed from the store, whichever it is.

/** A web stream over a store read that stops reading when the client goes away. */
function webBody(source: Readable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next: IteratorResult<Buffer> = await chunks.next()
      if (next.done === true) controller.close()
      else controller.enqueue(new Uint8Array(next.value))
    },
    cancel() {
      source.destroy()
    },
  })
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' } })
}

/** Who may read: a link signed for the key, or the owner's own token. */
export interface MediaAccess {
  links: MediaLinks
  /** The request's signed-in user id, or null without a token (an invalid token throws its 401). */
  requestUserId(): Promise<string | null>
  ownerOf(key: string): Promise<string | null>
}

/** How long a browser may reuse the answer: never past the link's own expiry. */
function cacheControlFor(exp: string | undefined, now: number): string {
  if (exp === undefined) return 'private, no-cache'
  return `private, max-age=${Math.max(0, Math.floor(Number(exp) - now / 1000))}`
}

/**
 * GET /media/:key (docs/decisions/0221). A signed link that is altered or for
 * another key answers 403, an expired one 403 too; without a link the owner's
 * bearer token is needed (anyone else's answers 404, as if nothing were
 * there). The type is the stored one, never sniffed and never HTML; byte
 * ranges let <video> seek.
 */
export async function serveMedia(store: MediaStore, access: MediaAccess, key: string, request: Request): Promise<Response> {
  const parsed = parseMediaKey(key)
  if (parsed === null) return plain(404, 'Not found')
  const query = new URL(request.url).searchParams
  const exp = query.get('exp') ?? undefined
  const sig = query.get('sig') ?? undefined
  if (exp !== undefined || sig !== undefined) {
    const check = access.links.check(key, exp, sig)
    if (check === 'expired') return plain(403, 'This media link has expired')
    if (check === 'invalid') return plain(403, 'This media link is not valid')
  } else {
    const userId = await access.requestUserId()
    if (userId === null) return plain(403, 'This media needs a signed link or its owner\'s sign-in')
    if ((await access.ownerOf(key)) !== userId) return plain(404, 'Not found')
  }
  const info = await store.stat(key)
  if (info === null) return plain(404, 'Not found')
  const headers = new Headers({
    'Content-Type': parsed.type.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `inline; filename="${key}"`,
    'Cache-Control': cacheControlFor(exp, Date.now()),
    'Accept-Ranges': 'bytes',
    'Last-Modified': info.updatedAt.toUTCString(),
  })
  const range = parseRange(request.headers.get('range'), info.bytes)
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${info.bytes}`)
    return new Response(null, { status: 416, headers })
  }
  const { start, end } = range ?? { start: 0, end: info.bytes - 1 }
  headers.set('Content-Length', String(Math.max(0, end - start + 1)))
  if (range !== null) headers.set('Content-Range', `bytes ${start}-${end}/${info.bytes}`)
  const status = range === null ? 200 : 206
  if (request.method === 'HEAD' || info.bytes === 0) return new Response(null, { status, headers })
  return new Response(webBody(store.read(key, { start, end })), { status, headers })
}
