import { randomUUID } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { Logger } from 'pino'
import type { IdentityService } from '../auth/identity-service.ts'
import type { AppEnv } from './env.ts'

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
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request')
  })
}
