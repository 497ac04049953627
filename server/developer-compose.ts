import type { Hono } from 'hono'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/database.ts'
import type { GenerationService } from './domain/generations.ts'
import type { AppEnv } from './http/env.ts'
import type { PeriodicTasks } from './jobs/periodic-tasks.ts'
import type { MediaLinks } from './media/links.ts'
import { pruneIdempotencyKeys } from './public-api/idempotency.ts'
import { createPublicApi } from './public-api/public-api.ts'
import { createApiKeyRoutes } from './routes/api-keys.ts'
import type { MediaUploader } from './routes/media.ts'
import { createWebhookEndpointRoutes } from './routes/webhook-endpoints.ts'
import { webhookTargets } from './webhooks/endpoint-policy.ts'

// The developer API's part of an API instance (docs/decisions/0400): the
// public API at /api/public/v1 on the app's own generation service, media and
// ledger, and the Account screen's calls for keys and webhook endpoints. The
// webhooks themselves are sent by the workers (server/worker-compose.ts).

export interface DeveloperPartDeps {
  config: Config
  database: DatabaseHandle
  generations: GenerationService
  links: MediaLinks
  uploader: MediaUploader
  tasks: PeriodicTasks
}

export function createDeveloperPart(deps: DeveloperPartDeps): { path: string; routes: Hono<AppEnv> }[] {
  const { db, dialect } = deps.database
  deps.tasks.register({ name: 'idempotency keys retention', intervalMs: 60 * 60_000, run: () => pruneIdempotencyKeys(db) })
  return [
    {
      path: '/api/public/v1',
      routes: createPublicApi({
        db,
        rateLimitStore: { db, dialect },
        rateLimit: deps.config.developerApi.rateLimit,
        generations: deps.generations,
        links: deps.links,
        uploader: deps.uploader,
        publicOrigin: deps.config.publicOrigin,
      }),
    },
    { path: '/api/developers/v1/keys', routes: createApiKeyRoutes({ db }) },
    { path: '/api/developers/v1/webhooks', routes: createWebhookEndpointRoutes({ db, targets: webhookTargets(deps.config.developerApi.webhooks) }) },
  ]
}
