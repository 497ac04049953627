import { Hono } from 'hono'
import type { Logger } from 'pino'
import type { IdentityVerifier } from '../identity/identity.ts'
import type { IdentityExists } from '../identity/identity-service.ts'
import type { Config } from '../config.ts'
import type { DatabaseHandle } from '../db/database.ts'
import { apiBodyLimit } from '../http/body-limit.ts'
import { compressJson } from '../http/compress-json.ts'
import { corsByOriginList } from '../http/cors.ts'
import type { AppEnv } from '../http/env.ts'
import { handleError, handleNotFound } from '../http/error-handler.ts'
import { mountPwa } from '../http/pwa-static.ts'
import { requestContext } from '../http/request-context.ts'
import { securityHeaders } from '../http/security-headers.ts'
import { publicApiProblems } from '../public-api/problem.ts'
import type { Route } from './routes.ts'

// The HTTP app of an API instance: headers, CORS, request context, errors,
// the route table (./routes.ts) mounted in its order, and the built PWA for
// every other path (docs/architecture.md).

export interface HttpAppDeps {
  config: Config
  database: DatabaseHandle
  logger: Logger
  verifier: IdentityVerifier
  /** Asked before a user record moves to another identity (server/identity/identity-admin.ts). */
  identityExists: IdentityExists
  routes: readonly Route[]
}

export function createHttpApp(deps: HttpAppDeps): Hono<AppEnv> {
  const { config, logger } = deps
  const { db } = deps.database
  const app = new Hono<AppEnv>()
  app.use('*', securityHeaders(config))
  app.use('/api/*', corsByOriginList(config))
  app.use('/api/*', compressJson())
  app.use('*', requestContext(logger, { verifier: deps.verifier, db, identityExists: deps.identityExists }))
  // The developer API answers every refusal as problem details, the shell's too (docs/decisions/0402).
  app.use('/api/public/*', publicApiProblems(config.publicOrigin))
  app.use('/api/*', apiBodyLimit())
  app.onError(handleError)
  app.notFound(handleNotFound)
  for (const route of deps.routes) app.route(route.path, route.routes)
  mountPwa(app, config.distDir)
  return app
}
