import type { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../http/env.ts'
import type { MediaStore } from '../media/store.ts'
import { loadGenerationConfig } from '../providers/config.ts'
import { createProviders } from '../providers/index.ts'
import { outputStoreFrom } from '../providers/media-output.ts'
import type { RemoteFetcher } from '../providers/provider.ts'
import { createFalRoutes } from '../routes/fal.ts'
import { createGenerationService, type GenerationService } from './generations.ts'

// The generation part as one piece for server/compose.ts: configuration,
// providers, the job service and the /api/fal/v1 routes. Mount `routes` at
// /api/fal/v1, call `resumeUnfinished()` once the server listens and `close()`
// on shutdown.

export interface GenerationPartDeps {
  db: Kysely<Database>
  logger: Logger
  mediaStore: MediaStore
  fetchRemote: RemoteFetcher
  demoAccountEmail: string | null
  /** The environment to read GENERATION_PROVIDER, FAL_* … from (default process.env). */
  env?: Record<string, string | undefined>
  /** fetch for the fal client and result downloads (tests). */
  fetch?: typeof fetch
}

export interface GenerationPart {
  routes: Hono<AppEnv>
  service: GenerationService
  resumeUnfinished(): Promise<number>
  close(): Promise<void>
}

export function createGenerationPart(deps: GenerationPartDeps): GenerationPart {
  const config = loadGenerationConfig(deps.env)
  const providers = createProviders(config, {
    store: outputStoreFrom(deps.mediaStore),
    fetchRemote: deps.fetchRemote,
    ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
  })
  const service = createGenerationService({
    db: deps.db,
    log: deps.logger.child({ part: 'generations' }),
    provider: providers.active,
    providers: providers.byName,
    pollIntervalMs: config.pollIntervalMs,
  })
  return {
    routes: createFalRoutes({ generations: service, demoAccountEmail: deps.demoAccountEmail }),
    service,
    resumeUnfinished: () => service.resumeUnfinished(),
    close: () => service.close(),
  }
}
