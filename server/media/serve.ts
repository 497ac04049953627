import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { MediaStore } from './store.ts'

// GET /media/:name. Names are immutable, so the answer is cached for a year;
// the type is the stored one, never sniffed by the browser and never HTML
// (quality.md); byte ranges let <video> seek.

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null

/** One `bytes=` range of RFC 9110 (several ranges are answered with the whole file). */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (match === null) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (start >= size) return 'unsatisfiable'
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  return end < start ? null : { start, end }
}

/** A web stream over part of a file that closes the file when the client goes away. */
function fileBody(file: string, start: number, end: number): ReadableStream<Uint8Array> {
  const stream = createReadStream(file, { start, end })
  const chunks = stream[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next: IteratorResult<Buffer> = await chunks.next()
      if (next.done === true) controller.close()
      else controller.enqueue(next.value)
    },
    cancel() {
      stream.destroy()
    },
  })
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } })
}

export async function serveMedia(store: MediaStore, name: string, request: Request): Promise<Response> {
  const found = store.locate(name)
  if (found === null) return notFound()
  const info = await stat(found.path).catch(() => null)
  if (info === null || !info.isFile()) return notFound()
  const headers = new Headers({
    'Content-Type': found.type.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `inline; filename="${name}"`,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Accept-Ranges': 'bytes',
    'Last-Modified': info.mtime.toUTCString(),
  })
  const range = parseRange(request.headers.get('range') ?? undefined, info.size)
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${info.size}`)
    return new Response(null, { status: 416, headers })
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 }
  headers.set('Content-Length', String(Math.max(0, end - start + 1)))
  if (range !== null) headers.set('Content-Range', `bytes ${start}-${end}/${info.size}`)
  const status = range === null ? 200 : 206
  if (request.method === 'HEAD' || info.size === 0) return new Response(null, { status, headers })
  return new Response(fileBody(found.path, start, end), { status, headers })
}
