import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { FalWebhookConfig, GenerationConfig, JobsConfig } from './config.ts'
import type { Database } from './db/schema.ts'
import type { AppEnv } from './http/env.ts'
import type { EventFeed } from './jobs/event-feed.ts'
import { createJobWorker, type JobWorker } from './jobs/job-worker.ts'
import { sweepExpiredJobs } from './jobs/job-sweeper.ts'
import { registerPosterBackfill } from './jobs/poster-backfill.ts'
import type { PeriodicTasks } from './jobs/periodic-tasks.ts'
import type { RemoteFetcherPolicy } from './media/fetch-remote.ts'
import type { MediaLinks } from './media/links.ts'
import { createPosters } from './media/posters.ts'
import type { MediaStore } from './media/store.ts'
import { createFalWebhookVerifier, type FalWebhookVerifier } from './providers/fal/webhook-signature.ts'
import { createProviders, type Providers } from './providers/index.ts'
import { JOB_LIMITS, type JobLimits } from './providers/job-limits.ts'
import { createAudioMeter } from './providers/measure-audio.ts'
import { outputStoreFrom, recordOutputIn } from './providers/media-output.ts'
import type { OutputStore, RemoteFetcher } from './providers/provider.ts'
import { createFalRoutes } from './routes/fal.ts'
import { createGenerationMedia } from './routes/fal-media.ts'
import { createFalWebhookRoutes } from './routes/fal-webhook.ts'
import { createJobEventRoutes } from './routes/job-events.ts'
import { createGenerationService, type GenerationService } from './domain/generations.ts'
import { createCaptionService } from './domain/captions.ts'
import { createCaptionRoutes } from './routes/captions.ts'
import { createVoiceRoutes } from './routes/voice.ts'
import { createRateLimiter, type RateLimitStore } from './http/rate-limit.ts'
import { createRenderGate } from './render/render-gate.ts'
import { CAPTION_CUES_LIMIT, CAPTION_PREVIEW_LIMIT } from '../contract/constants.ts'

// The generation part as two pieces (docs/decisions/0210): the API instance's
// (start and status calls, the event stream, fal's webhook, the deadline
// sweep) for server/compose.ts, and the worker's (claims and works jobs) for
// server/worker-compose.ts. Both read the same configuration and build the
// same providers; only the worker renders or downloads.

/** ffmpeg work a caller waits for (caption cues and previews) at once in one API instance: it has two cores. */
const CAPTION_RENDER_SLOTS = 2

export interface GenerationPartDeps {
  db: Kysely<Database>
  logger: Logger
  mediaStore: MediaStore
  /** Signs media links for answers and the provider (server/media/links.ts). */
  mediaLinks: MediaLinks
  fetchRemote: RemoteFetcher
  /** This process's job event feed (server/jobs/event-feed.ts). */
  feed: EventFeed
  /** The process's periodic tasks: the deadline sweep registers here. */
  tasks: PeriodicTasks
  jobs: JobsConfig
  falWebhook: FalWebhookConfig
  /** GENERATION_PROVIDER, FAL_* … (server/config.ts). */
  config: GenerationConfig
  /** Deadlines and retry limits (tests shorten them; default JOB_LIMITS). */
  limits?: JobLimits
  /** Tests only: lets fal result downloads reach the local fake's loopback address. Never from configuration. */
  falResultFetchPolicy?: RemoteFetcherPolicy
}

export interface ApiGenerationDeps extends GenerationPartDeps {
  demoAccountEmail: string | null
  /** Where the caption calls' per-account limits keep their buckets (the forms' table, docs/decisions/0223). */
  rateLimits: RateLimitStore
  /** ffmpeg work callers wait for, at once (default CAPTION_RENDER_SLOTS; tests may take every slot). */
  captionRenderSlots?: number
  /** fal's webhook signature check (default: fal's JWKS from the configuration). */
  webhookVerifier?: FalWebhookVerifier
}

export interface GenerationPart {
  /** Mount at /api/fal/v1. */
  routes: Hono<AppEnv>
  service: GenerationService
  /** Ends every open event stream (shutdown: the HTTP server can then close). */
  endStreams(): void
  close(): Promise<void>
}

function buildProviders(deps: GenerationPartDeps): { store: OutputStore; providers: Providers; limits: JobLimits } {
  const limits = deps.limits ?? JOB_LIMITS
  const store = outputStoreFrom(deps.mediaStore, { links: deps.mediaLinks, ...recordOutputIn(deps.db) })
  const providers = createProviders(deps.config, {
    store,
    fetchRemote: deps.fetchRemote,
    limits,
    falWebhookUrl: deps.falWebhook.url,
    ...(deps.falResultFetchPolicy === undefined ? {} : { falResultFetchPolicy: deps.falResultFetchPolicy }),
  })
  return { store, providers, limits }
}

/** Any live instance fails and refunds what nobody can end any more. */
function registerSweep(deps: GenerationPartDeps, log: Logger, limits: JobLimits): void {
  deps.tasks.register({ name: 'job deadline sweep', intervalMs: deps.jobs.sweepIntervalMs, run: () => sweepExpiredJobs(deps.db, log, limits) })
}

export function createGenerationPart(deps: ApiGenerationDeps): GenerationPart {
  const { store, providers, limits } = buildProviders(deps)
  const log = deps.logger.child({ part: 'generations' })
  const measureAudioSeconds = createAudioMeter({ store, fetchRemote: deps.fetchRemote })
  const service = createGenerationService({ db: deps.db, log, provider: providers.active, measureAudioSeconds })
  const captions = createCaptionService({
    db: deps.db,
    store,
    fetchRemote: deps.fetchRemote,
    transcriber: providers.transcriber,
    measureAudioSeconds,
    gate: createRenderGate(deps.captionRenderSlots ?? CAPTION_RENDER_SLOTS),
  })
  // Per account, wherever it calls from; trustProxy is moot for takeForUser.
  const captionLimits = {
    cues: createRateLimiter({ ...CAPTION_CUES_LIMIT, ...deps.rateLimits, trustProxy: false, scope: 'caption-cues' }),
    preview: createRateLimiter({ ...CAPTION_PREVIEW_LIMIT, ...deps.rateLimits, trustProxy: false, scope: 'caption-preview' }),
  }
  registerSweep(deps, log, limits)
  const verifier = deps.webhookVerifier ?? createFalWebhookVerifier({ jwksUrl: deps.falWebhook.jwksUrl })
  const closing = new AbortController()
  const media = createGenerationMedia({ db: deps.db, links: deps.mediaLinks })
  const routes = new Hono<AppEnv>()
    .route('/', createFalRoutes({ generations: service, demoAccountEmail: deps.demoAccountEmail, media }))
    // Beyond the spec: a voice from a script and captions (docs/decisions/0232, 0234).
    .route(
      '/',
      createVoiceRoutes({
        db: deps.db,
        generations: service,
        links: deps.mediaLinks,
        samples: providers.voiceSamples,
        maker: providers.active.name === 'local' ? 'local' : 'ai',
      }),
    )
    .route('/', createCaptionRoutes({ captions, media, limits: captionLimits }))
    .route('/', createFalWebhookRoutes({ db: deps.db, verifier }))
    .route('/', createJobEventRoutes({ db: deps.db, feed: deps.feed, closing: closing.signal, presentStatus: media.status }))
  return {
    routes,
    service,
    endStreams: () => closing.abort(),
    close: () => Promise.all(Object.values(providers.byName).map((provider) => provider.close())).then(() => undefined),
  }
}

export interface WorkerPartDeps extends GenerationPartDeps {
  /** This worker's id in leases (server/jobs/worker-id.ts). */
  owner: string
  /** Told when this worker takes over a dead worker's job. */
  onTakeover?: () => void
}

export interface WorkerPart {
  worker: JobWorker
  close(): Promise<void>
}

export function createWorkerPart(deps: WorkerPartDeps): WorkerPart {
  const { providers, limits } = buildProviders(deps)
  const log = deps.logger.child({ part: 'worker' })
  registerSweep(deps, log, limits)
  // Poster frames: taken when a job ends, and for older videos by the backfill (docs/decisions/0163).
  const posters = createPosters({ store: deps.mediaStore, db: deps.db })
  registerPosterBackfill(deps.tasks, { db: deps.db, posters, log, owner: deps.owner })
  const worker = createJobWorker({
    db: deps.db,
    log,
    owner: deps.owner,
    providers: providers.byName,
    limits,
    leaseMs: deps.jobs.leaseMs,
    claimIntervalMs: deps.jobs.claimIntervalMs,
    localConcurrency: deps.config.local.concurrency,
    falConcurrency: deps.jobs.falConcurrency,
    feed: deps.feed,
    posters,
    ...(deps.onTakeover === undefined ? {} : { onTakeover: deps.onTakeover }),
  })
  return {
    worker,
    async close() {
      await worker.stop()
      await Promise.all(Object.values(providers.byName).map((provider) => provider.close()))
    },
  }
}
