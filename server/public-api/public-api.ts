import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import openApiDocument from '../../contract/public-api/openapi.json' with { type: 'json' }
import { PUBLIC_API_PATHS } from '../../contract/public-api/paths.ts'
import type { Database } from '../db/schema.ts'
import type { GenerationService } from '../domain/generations.ts'
import type { AppEnv } from '../http/env.ts'
import type { BucketRule, RateLimitStore } from '../http/rate-limit.ts'
import type { MediaLinks } from '../media/links.ts'
import type { MediaUploader } from '../routes/media.ts'
import { createAccountRoutes } from './account-routes.ts'
import type { PublicApiEnv } from './env.ts'
import { createGenerationRoutes, routePath } from './generation-routes.ts'
import { requireApiKey } from './key-auth.ts'
import { handlePublicError } from './problem.ts'
import { createKeyRateLimit } from './rate-limit.ts'

// The developer API under /api/public/v1 (docs/decisions/0400): its OpenAPI
// document open to anyone, every other call behind an API key with its rate
// limit, every refusal as problem details. It runs the app's own generation
// service, ledger and media upload: there is no second way to credits or jobs.

export interface PublicApiDeps {
  db: Kysely<Database>
  rateLimitStore: RateLimitStore
  rateLimit: BucketRule
  generations: GenerationService
  links: MediaLinks
  uploader: MediaUploader
  /** Problem types link to the developer page on this origin. */
  publicOrigin: string
}

/** Mount at /api/public/v1. */
export function createPublicApi(deps: PublicApiDeps): Hono<AppEnv> {
  const document = JSON.stringify(openApiDocument)
  const api = new Hono<PublicApiEnv>()
  api.onError(handlePublicError(deps.publicOrigin))
  api.get(routePath(PUBLIC_API_PATHS.openapi), (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    c.header('Content-Type', 'application/json; charset=utf-8')
    return c.body(document)
  })
  api.use('*', requireApiKey({ db: deps.db, rateLimit: createKeyRateLimit(deps.rateLimitStore, deps.rateLimit) }))
  api.route('/', createGenerationRoutes({ db: deps.db, generations: deps.generations, links: deps.links }))
  api.route('/', createAccountRoutes({ db: deps.db, uploader: deps.uploader }))
  return new Hono<AppEnv>().route('/', api)
}
