import { request as forward, createServer, type IncomingMessage, type Server } from 'node:http'
import type { Socket } from 'node:net'
import { Transform, type TransformCallback } from 'node:stream'
import busboy from 'busboy'

// The app's public origin in the cross-engine suite: a pass-through proxy on
// 127.0.0.1 in front of the e2e server (whose PUBLIC_ORIGIN is this address, so
// media and checkout links lead back here). WebDriver has no network switch:
// closing this proxy is the server becoming unreachable, for the page and its
// service worker alike. The Host header is kept as the browser sent it. It also
// notes what the browser sent, so a test can check what reached the server,
// and can read uploads slowly, as a phone's uplink carries them.

/** A file the page uploaded (multipart), as it reached the server. */
export interface Upload {
  path: string
  field: string
  filename: string
  mimeType: string
  bytes: Buffer
}

export interface PublicOrigin {
  origin: string
  /** "METHOD /path" of every request that went through, in order. */
  readonly requests: readonly string[]
  readonly uploads: readonly Upload[]
  /** Uploads (multipart bodies) arrive at this many bytes a second from now on; null: as fast as they come. */
  slowUploads(bytesPerSecond: number | null): void
  /** The next `count` uploads' connections are cut once this many bytes of a body came through (a dropped line). */
  cutUploadsAfter(bytes: number, count: number): void
  /** The server becomes unreachable: open connections are cut, new ones refused. */
  close(): Promise<void>
  /** Reachable again. */
  open(): Promise<void>
}

/** Uploads are read for the test only up to this size (the app's cap is 10 MB; a video may be larger). */
const READ_UPLOADS_UP_TO = 12 * 1024 * 1024

function noteUpload(incoming: IncomingMessage, path: string, uploads: Upload[]): void {
  const type = incoming.headers['content-type'] ?? ''
  if (!type.startsWith('multipart/form-data')) return
  const parser = busboy({ headers: { 'content-type': type }, limits: { fileSize: READ_UPLOADS_UP_TO } })
  parser.on('file', (field, file, info) => {
    const parts: Buffer[] = []
    file.on('data', (part: Buffer) => parts.push(part))
    file.on('end', () => uploads.push({ path, field, filename: info.filename ?? '', mimeType: info.mimeType, bytes: Buffer.concat(parts) }))
  })
  parser.on('error', () => undefined)
  incoming.pipe(parser)
}

/** Passes bytes on at a fixed rate; reading slowly makes the browser send slowly (TCP back-pressure). */
class Uplink extends Transform {
  private readonly bytesPerSecond: number

  constructor(bytesPerSecond: number) {
    super()
    this.bytesPerSecond = bytesPerSecond
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    setTimeout(() => done(null, chunk), (chunk.length / this.bytesPerSecond) * 1000)
  }
}

export async function openPublicOrigin(options: { port: number; serverPort: number }): Promise<PublicOrigin> {
  const requests: string[] = []
  const uploads: Upload[] = []
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let uplink: number | null = null
  let cut = { bytes: 0, left: 0 }

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proxy = createServer((incoming, outgoing) => {
        const path = incoming.url ?? '/'
        requests.push(`${incoming.method ?? 'GET'} ${path.split('?')[0]}`)
        const upstream = forward({ host: '127.0.0.1', port: options.serverPort, method: incoming.method, path, headers: incoming.headers }, (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers)
          answer.pipe(outgoing)
        })
        upstream.on('error', () => outgoing.destroy())
        noteUpload(incoming, path.split('?')[0] ?? path, uploads)
        const multipart = (incoming.headers['content-type'] ?? '').startsWith('multipart/form-data')
        if (multipart && cut.left > 0) {
          const limit = cut.bytes
          cut = { ...cut, left: cut.left - 1 }
          let received = 0
          incoming.on('data', (chunk: Buffer) => {
            received += chunk.length
            if (received < limit) return
            incoming.socket.destroy()
            upstream.destroy()
          })
        }
        if (multipart && uplink !== null) incoming.pipe(new Uplink(uplink)).pipe(upstream)
        else incoming.pipe(upstream)
      })
      proxy.on('connection', (socket) => {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
      })
      proxy.once('error', reject)
      proxy.listen(options.port, '127.0.0.1', () => {
        server = proxy
        resolve()
      })
    })

  await start()
  return {
    origin: `http://127.0.0.1:${options.port}`,
    requests,
    uploads,
    slowUploads(bytesPerSecond) {
      uplink = bytesPerSecond
    },
    cutUploadsAfter(bytes, count) {
      cut = { bytes, left: count }
    },
    async close() {
      const closing = server
      if (closing === null) return
      server = null
      const closed = new Promise<void>((resolve) => closing.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
    },
    async open() {
      if (server === null) await start()
    },
  }
}
