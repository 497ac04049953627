import { cors } from 'hono/cors'
import type { Config } from '../config.ts'

/**
 * CORS by exact origin list (docs/quality.md). The PWA is served on the same origin,
 * so the list is empty by default and cross-origin calls get no CORS headers.
 */
export function corsByOriginList(config: Config) {
  const allowed = new Set(config.corsOrigins)
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  })
}
