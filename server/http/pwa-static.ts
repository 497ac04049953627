import { createReadStream, existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono, MiddlewareHandler, Next } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import type { ApiErrorBody } from '../../contract/errors.ts'
import { acceptedEncodings, ENCODED_SUFFIX } from './content-encoding.ts'
import type { AppEnv } from './env.ts'
import { pageLocale, prerenderedPageFile } from './page-locale.ts'

// Serves the built PWA (dist/) on the API's origin, compressed: the build writes
// brotli and gzip copies of its text files, and each answer is the best copy the
// client accepts (docs/decisions/0200). Hashed files under /assets never change, so
// they are cached for a year; the landing's posters and samples for 30 days; the HTML,
// the service worker and the manifest are revalidated every time, or a deploy would
// never reach installed apps. Screens prerendered at build time are sent as HTML in
// the visitor's language (docs/decisions/0201, 0207); any other path gets the app shell.

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const SHORT = 'public, max-age=3600'
/** Landing posters, samples and demo clips: not hashed, but they change only with a release of new media. */
const MEDIA = 'public, max-age=2592000, stale-while-revalidate=604800'
const NEVER_CACHED = new Set(['/index.html', '/sw.js', '/manifest.webmanifest'])
/** What the build compresses (vite.config.ts, precompress). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|vtt|xml)$/i

export function cacheControlFor(requestPath: string): string {
  if (requestPath.startsWith('/assets/')) return IMMUTABLE
  if (NEVER_CACHED.has(requestPath) || requestPath === '/' || requestPath.endsWith('.html')) return REVALIDATE
  if (requestPath.startsWith('/samples/') || requestPath.startsWith('/demo/')) return MEDIA
  return SHORT
}

/** A path the SPA router owns: no file extension, not under /api or /assets. */
function isAppRoute(requestPath: string): boolean {
  if (requestPath.startsWith('/api/') || requestPath === '/api' || requestPath.startsWith('/assets/')) return false
  return !path.posix.basename(requestPath).includes('.')
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false
}

/**
 * The precompressed copy of `file` the client takes best, with its encoding; the
 * file itself when the client takes none, for byte ranges, or when there is no copy.
 */
async function bestVariant(c: Context<AppEnv>, file: string): Promise<{ file: string; encoding: 'br' | 'gzip' | null }> {
  if (!COMPRESSIBLE.test(file) || c.req.header('range') !== undefined) return { file, encoding: null }
  for (const encoding of acceptedEncodings(c.req.header('accept-encoding'))) {
    const encoded = file + ENCODED_SUFFIX[encoding]
    if (await isFile(encoded)) return { file: encoded, encoding }
  }
  return { file, encoding: null }
}

/** Sends a built text file (HTML, JS, CSS…) as its best precompressed copy. */
async function sendText(c: Context<AppEnv>, file: string, headers: Record<string, string>): Promise<Response> {
  const variant = await bestVariant(c, file)
  const { size } = await stat(variant.file)
  const response = new Headers({
    'Content-Type': getMimeType(file) ?? 'application/octet-stream',
    'Content-Length': String(size),
    Vary: 'Accept-Encoding',
    ...headers,
  })
  if (variant.encoding !== null) response.set('Content-Encoding', variant.encoding)
  const body = c.req.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(variant.file)) as ReadableStream<Uint8Array>)
  return new Response(body, { status: 200, headers: response })
}

/** The file under dist/ a request names, or null when it names none (or tries to leave dist/). */
function builtFile(distDir: string, requestPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(requestPath)
  } catch {
    return null
  }
  const file = path.join(distDir, decoded)
  return file.startsWith(distDir + path.sep) ? file : null
}

export function mountPwa(app: Hono<AppEnv>, distDir: string): void {
  // Created on first use: serveStatic complains at creation when dist/ is not built yet.
  let serveFiles: MiddlewareHandler<AppEnv> | null = null
  const root = path.resolve(distDir)

  /** A file of the build: text as its compressed copy, media (with byte ranges) as it is. */
  async function sendBuilt(c: Context<AppEnv>, next: Next): Promise<Response | void> {
    const file = builtFile(root, c.req.path)
    if (file === null || !(await isFile(file))) return next()
    const cacheControl = cacheControlFor(c.req.path)
    if (COMPRESSIBLE.test(file) && c.req.header('range') === undefined) return sendText(c, file, { 'Cache-Control': cacheControl })
    serveFiles ??= serveStatic<AppEnv>({ root })
    const response = await serveFiles(c, next)
    // serveStatic's onFound runs after the response is built, so headers are set here.
    if (response instanceof Response && response.status < 400) response.headers.set('Cache-Control', cacheControl)
    return response
  }

  /** An app route: its prerendered HTML in the visitor's language, else the app shell. */
  async function sendScreen(c: Context<AppEnv>): Promise<Response> {
    const locale = pageLocale(c.req.header('cookie'), c.req.header('accept-language'))
    const page = prerenderedPageFile(root, c.req.path, locale)
    if (page !== null && (await isFile(page))) {
      // The same address answers in either language, chosen from these headers.
      return sendText(c, page, { 'Cache-Control': REVALIDATE, 'Content-Language': locale, Vary: 'Accept-Encoding, Accept-Language, Cookie' })
    }
    const shell = path.join(root, 'index.html')
    if (!(await isFile(shell))) {
      return c.json<ApiErrorBody>({ message: 'The app is not built yet: run `npm run build`', code: 'not_found' }, 404)
    }
    return sendText(c, shell, { 'Cache-Control': REVALIDATE })
  }

  app.on(['GET', 'HEAD'], '*', async (c: Context<AppEnv>, next: Next) => {
    // Checked per request: `npm start` may build dist/ after the server is up.
    if (c.req.path === '/api' || c.req.path.startsWith('/api/') || !existsSync(root)) return next()
    // The router in the app decides what an unknown path shows (spec §2).
    if (isAppRoute(c.req.path)) return sendScreen(c)
    return sendBuilt(c, next)
  })
}
