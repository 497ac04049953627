import { Hono } from 'hono'
import type { Logger } from 'pino'
import type { IdentityVerifier } from './auth/identity.ts'
import type { IdentityExists } from './auth/identity-service.ts'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/database.ts'
import type { StripeGateway } from './domain/stripe-gateway.ts'
import { apiBodyLimit } from './http/body-limit.ts'
import { compressJson } from './http/compress-json.ts'
import { corsByOriginList } from './http/cors.ts'
import type { AppEnv } from './http/env.ts'
import { handleError, handleNotFound } from './http/error-handler.ts'
import { mountPwa } from './http/pwa-static.ts'
import { createRateLimiter } from './http/rate-limit.ts'
import { requestContext } from './http/request-context.ts'
import { securityHeaders } from './http/security-headers.ts'
import { publicApiProblems } from './public-api/problem.ts'
import { createBugReportRoutes } from './routes/bug-reports.ts'
import { createLocalCheckoutRoutes } from './routes/checkout.ts'
import { createHealthRoutes } from './routes/health.ts'
import { createMessageRoutes } from './routes/messages.ts'
import { createPaymentRoutes } from './routes/payments.ts'
import { createUserRoutes } from './routes/users.ts'

// The HTTP shell: headers, CORS, request context, errors, and every resource
// mounted at its spec §7 path. Handlers live with their resource (docs/architecture.md).

export interface AppDeps {
  config: Config
  database: DatabaseHandle
  logger: Logger
  verifier: IdentityVerifier
  /** Asked before a user record moves to another identity (server/auth/identity-admin.ts). */
  identityExists: IdentityExists
  /** null runs the local test-mode checkout instead of Stripe. */
  stripe: StripeGateway | null
  /** Further resources (generation, media), mounted at their paths. */
  extraRoutes?: readonly { path: string; routes: Hono<AppEnv> }[]
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, logger } = deps
  const { db } = deps.database
  // One bucket set for the forms, per visitor's address and per signed-in account, shared by every instance (docs/decisions/0064, 0223, 0271).
  const formLimiter = createRateLimiter({ ...config.forms, trustProxy: config.trustProxy, db, dialect: deps.database.dialect })

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

  app.route('/api/health', createHealthRoutes({ db }))
  app.route('/api/users/v1', createUserRoutes({ db, anonymousLimiter: formLimiter }))
  app.route('/api/payment/v1', createPaymentRoutes({ db, config, stripe: deps.stripe }))
  app.route('/api/messages/v1', createMessageRoutes({ db, formLimiter }))
  app.route('/api/bug-reports/v1', createBugReportRoutes({ db, formLimiter }))
  if (deps.stripe === null) app.route('/checkout', createLocalCheckoutRoutes({ db }))
  for (const extra of deps.extraRoutes ?? []) app.route(extra.path, extra.routes)

  mountPwa(app, config.distDir)
  return app
}
