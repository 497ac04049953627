import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono, MiddlewareHandler, Next } from 'hono'
import type { ApiErrorBody } from '../../contract/errors.ts'
import type { AppEnv } from './env.ts'

// Serves the built PWA (dist/) on the API's origin. Hashed files under /assets
// never change, so they are cached for a year; the HTML shell, the service
// worker and the manifest must be revalidated every time, or a deploy would
// never reach installed apps.

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const SHORT = 'public, max-age=3600'
const NEVER_CACHED = new Set(['/index.html', '/sw.js', '/manifest.webmanifest'])

function cacheControlFor(requestPath: string): string {
  if (requestPath.startsWith('/assets/')) return IMMUTABLE
  if (NEVER_CACHED.has(requestPath) || requestPath === '/' || requestPath.endsWith('.html')) return REVALIDATE
  return SHORT
}

/** A path the SPA router owns: no file extension, not under /api or /assets. */
function isAppRoute(requestPath: string): boolean {
  if (requestPath.startsWith('/api/') || requestPath === '/api' || requestPath.startsWith('/assets/')) return false
  return !path.posix.basename(requestPath).includes('.')
}

export function mountPwa(app: Hono<AppEnv>, distDir: string): void {
  // Created on first use: serveStatic complains at creation when dist/ is not built yet.
  let serveFiles: MiddlewareHandler<AppEnv> | null = null
  const files = async (c: Context<AppEnv>, next: Next) => {
    serveFiles ??= serveStatic<AppEnv>({ root: distDir })
    const response = await serveFiles(c, next)
    // serveStatic's onFound runs after the response is built, so headers are set here.
    if (response instanceof Response && response.status < 400) response.headers.set('Cache-Control', cacheControlFor(c.req.path))
    return response
  }
  const indexFile = path.join(distDir, 'index.html')

  app.on(['GET', 'HEAD'], '*', async (c: Context<AppEnv>, next: Next) => {
    // Checked per request: `npm start` may build dist/ after the server is up.
    if (c.req.path.startsWith('/api/') || !existsSync(distDir)) return next()
    return files(c, next)
  })
  // SPA fallback: the router in the app decides what an unknown path shows (spec §2).
  app.on(['GET', 'HEAD'], '*', async (c: Context<AppEnv>, next: Next) => {
    if (!isAppRoute(c.req.path)) return next()
    if (!existsSync(indexFile)) {
      return c.json<ApiErrorBody>({ message: 'The app is not built yet: run `npm run build`', code: 'not_found' }, 404)
    }
    c.header('Cache-Control', REVALIDATE)
    return c.html(await readFile(indexFile, 'utf8'))
  })
}
