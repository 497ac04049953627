import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { createMiddleware } from 'hono/factory'
import { acceptedEncodings, type ContentEncoding } from './content-encoding.ts'

// JSON answers above a small size go out compressed (gallery pages, user
// records): on a phone the bytes cost more than the server's few hundred
// microseconds. Small answers (status polls) stay as they are: compressing
// them saves nothing. Streams (server-sent events) are never touched.

/** Below this many bytes compression does not pay (headers and framing eat the gain). */
export const JSON_COMPRESSION_THRESHOLD = 1024

const compressors: Record<ContentEncoding, (body: Uint8Array) => Promise<Uint8Array>> = {
  // Quality 5: close to gzip's speed, a clearly smaller answer; 11 is for the build's files.
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
}

export function compressJson(threshold = JSON_COMPRESSION_THRESHOLD) {
  return createMiddleware(async (c, next) => {
    await next()
    const response = c.res
    if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return
    if (response.headers.has('content-encoding') || c.req.method === 'HEAD' || response.body === null) return
    response.headers.append('Vary', 'Accept-Encoding')
    const [encoding] = acceptedEncodings(c.req.header('accept-encoding'))
    if (encoding === undefined) return
    const body = await response.arrayBuffer()
    if (body.byteLength >= threshold) {
      // Copied into a plain ArrayBuffer: what a Response body takes.
      const compressed = new Uint8Array(await compressors[encoding](new Uint8Array(body)))
      // Hono copies the earlier answer's headers onto a new one: change them there.
      response.headers.set('Content-Encoding', encoding)
      response.headers.set('Content-Length', String(compressed.length))
      c.res = new Response(compressed, { status: response.status, headers: response.headers })
    } else {
      c.res = new Response(body, { status: response.status, headers: response.headers })
    }
  })
}
