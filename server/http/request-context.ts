import { randomUUID } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { Logger } from 'pino'
import type { IdentityService } from '../identity/identity-service.ts'
import { addressForLog } from '../logger.ts'
import type { AppEnv } from './env.ts'

/** The path as the request log shows it: a segment naming an address (GET /api/users/v1/<email>) becomes its hash. */
export function pathForLog(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      let decoded = segment
      try {
        decoded = decodeURIComponent(segment)
      } catch {
        // Not valid percent-encoding: judged as it is.
      }
      return decoded.includes('@') ? addressForLog(decoded) : segment
    })
    .join('/')
}

/** Gives every request an id, a child logger and the identity service; logs one line per request. */
export function requestContext(logger: Logger, identity: IdentityService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const requestId = incoming !== undefined && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID()
    const log = logger.child({ requestId })
    c.set('requestId', requestId)
    c.set('log', log)
    c.set('identity', identity)
    const started = performance.now()
    await next()
    c.header('X-Request-Id', requestId)
    log.info({ method: c.req.method, path: pathForLog(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) }, 'request')
  })
}
