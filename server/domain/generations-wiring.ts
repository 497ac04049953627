import type { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../http/env.ts'
import type { MediaLinks } from '../media/links.ts'
import type { MediaStore } from '../media/store.ts'
import type { GenerationConfig } from '../config.ts'
import type { RemoteFetcherPolicy } from '../media/fetch-remote.ts'
import { createProviders } from '../providers/index.ts'
import { JOB_LIMITS, type JobLimits } from '../providers/job-limits.ts'
import { createAudioMeter } from '../providers/measure-audio.ts'
import { outputStoreFrom, recordOutputIn } from '../providers/media-output.ts'
import type { RemoteFetcher } from '../providers/provider.ts'
import { createFalRoutes } from '../routes/fal.ts'
import { createGenerationMedia } from '../routes/fal-media.ts'
import { createGenerationService, type GenerationService } from './generations.ts'

// The generation part as one piece for server/compose.ts: configuration,
// providers, the job service and the /api/fal/v1 routes. Mount `routes` at
// /api/fal/v1, call `resumeUnfinished()` once the server listens and `close()`
// on shutdown.

export interface GenerationPartDeps {
  db: Kysely<Database>
  logger: Logger
  mediaStore: MediaStore
  /** Signs media links for answers and the provider (server/media/links.ts). */
  mediaLinks: MediaLinks
  fetchRemote: RemoteFetcher
  demoAccountEmail: string | null
  /** GENERATION_PROVIDER, FAL_* … (server/config.ts). */
  config: GenerationConfig
  /** Deadlines and retry limits (tests shorten them; default JOB_LIMITS). */
  limits?: JobLimits
  /** Tests only: lets fal result downloads reach the local fake's loopback address. Never from configuration. */
  falResultFetchPolicy?: RemoteFetcherPolicy
}

export interface GenerationPart {
  routes: Hono<AppEnv>
  service: GenerationService
  resumeUnfinished(): Promise<number>
  close(): Promise<void>
}

export function createGenerationPart(deps: GenerationPartDeps): GenerationPart {
  const { config } = deps
  const limits = deps.limits ?? JOB_LIMITS
  const store = outputStoreFrom(deps.mediaStore, { links: deps.mediaLinks, recordOutput: recordOutputIn(deps.db) })
  const providers = createProviders(config, {
    store,
    fetchRemote: deps.fetchRemote,
    limits,
    ...(deps.falResultFetchPolicy === undefined ? {} : { falResultFetchPolicy: deps.falResultFetchPolicy }),
  })
  const service = createGenerationService({
    db: deps.db,
    log: deps.logger.child({ part: 'generations' }),
    provider: providers.active,
    providers: providers.byName,
    pollIntervalMs: config.pollIntervalMs,
    limits,
    measureAudioSeconds: createAudioMeter({ store, fetchRemote: deps.fetchRemote }),
  })
  return {
    routes: createFalRoutes({ generations: service, demoAccountEmail: deps.demoAccountEmail, media: createGenerationMedia({ db: deps.db, links: deps.mediaLinks }) }),
    service,
    resumeUnfinished: () => service.resumeUnfinished(),
    close: () => service.close(),
  }
}
