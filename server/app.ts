import { Hono } from 'hono'
import type { Logger } from 'pino'
import type { IdentityVerifier } from './auth/identity.ts'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/database.ts'
import { corsByOriginList } from './http/cors.ts'
import type { AppEnv } from './http/env.ts'
import { handleError, handleNotFound } from './http/error-handler.ts'
import { mountPwa } from './http/pwa-static.ts'
import { createRateLimiter } from './http/rate-limit.ts'
import { requestContext } from './http/request-context.ts'
import { securityHeaders } from './http/security-headers.ts'
import { createHealthRoutes } from './routes/health.ts'
import { createUserRoutes } from './routes/users.ts'

// The HTTP shell: headers, CORS, request context, errors, and every resource
// mounted at its spec §7 path. Handlers live with their resource (style.md).

export interface AppDeps {
  config: Config
  database: DatabaseHandle
  logger: Logger
  verifier: IdentityVerifier
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, logger } = deps
  const { db } = deps.database
  const anonymousLimiter = createRateLimiter({ ...config.forms, trustProxy: config.trustProxy })

  const app = new Hono<AppEnv>()
  app.use('*', securityHeaders(config))
  app.use('/api/*', corsByOriginList(config))
  app.use('*', requestContext(logger, { verifier: deps.verifier, db }))
  app.onError(handleError)
  app.notFound(handleNotFound)

  app.route('/api/health', createHealthRoutes({ db }))
  app.route('/api/users/v1', createUserRoutes({ db, anonymousLimiter }))

  mountPwa(app, config.distDir)
  return app
}
