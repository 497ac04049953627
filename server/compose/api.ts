import type { Hono } from 'hono'
import type { Logger } from 'pino'
import { createFirebaseVerifier, type IdentityVerifier } from '../identity/identity.ts'
import type { IdentityAdmin } from '../identity/identity-admin.ts'
import type { Config } from '../config.ts'
import type { DatabaseHandle } from '../db/database.ts'
import { createCaptionService } from '../domain/captions.ts'
import { createGenerationService } from '../domain/generations.ts'
import { createStripeGateway } from '../domain/stripe-gateway.ts'
import type { AppEnv } from '../http/env.ts'
import type { MediaLinks } from '../media/links.ts'
import type { MediaStore } from '../media/store.ts'
import type { AccountDeletionDeps } from '../privacy/account-deletion.ts'
import { pruneIdempotencyKeys } from '../public-api/idempotency.ts'
import { createAudioMeter } from '../providers/measure-audio.ts'
import { createRenderGate } from '../render/render-gate.ts'
import { composeCore, type Core, type CoreOptions } from './core.ts'
import { createHttpApp } from './http-app.ts'
import { routeTable } from './routes.ts'

// An API instance (server/main.ts, the test harness): the core (./core.ts)
// with the identity verifier, the generation and caption services, Stripe,
// and the HTTP app serving the route table (./routes.ts). It renders and
// downloads nothing: jobs are worked by worker processes (./worker.ts,
// docs/decisions/0210); a job it ends (fal's webhook, the deadline sweep)
// tells devices like any other (push is part of the core).

export interface ComposedServer {
  config: Config
  app: Hono<AppEnv>
  database: DatabaseHandle
  verifier: IdentityVerifier
  /** The identity service's admin side (deleting identities, asking whether one exists). */
  identityAdmin: IdentityAdmin
  mediaStore: MediaStore
  /** Signs media links (the data export's links too). */
  mediaLinks: MediaLinks
  /** Account deletion's parts (the request runs it; a worker's round finishes what failed, server/background/tasks.ts). */
  accountDeletion: AccountDeletionDeps
  /** The core this instance runs on (tests reach its parts). */
  core: Core
  /** Ends the open event streams, so closing the HTTP server does not wait on them. */
  endStreams(): void
  close(): Promise<void>
}

/** ffmpeg work a caller waits for (caption cues and previews) at once in one API instance: it has two cores. */
const CAPTION_RENDER_SLOTS = 2

export interface ServerOptions extends CoreOptions {
  /** ffmpeg work callers wait for, at once (default CAPTION_RENDER_SLOTS; tests may take every slot). */
  captionRenderSlots?: number
}

export async function composeServer(config: Config, logger: Logger, options: ServerOptions = {}): Promise<ComposedServer> {
  const core = await composeCore(config, logger, options)
  const { db } = core.database
  const verifier = createFirebaseVerifier(config.firebase)
  const log = logger.child({ part: 'generations' })
  const measureAudioSeconds = createAudioMeter({ store: core.outputStore, fetchRemote: core.fetchRemote })
  const generations = createGenerationService({ db, log, provider: core.providers.active, measureAudioSeconds })
  const captions = createCaptionService({
    db,
    store: core.outputStore,
    fetchRemote: core.fetchRemote,
    transcriber: core.providers.transcriber,
    measureAudioSeconds,
    gate: createRenderGate(options.captionRenderSlots ?? CAPTION_RENDER_SLOTS),
  })
  // The developer API's idempotency keys, pruned after 24 hours by the API instances (docs/decisions/0403).
  core.tasks.register({ name: 'idempotency keys retention', intervalMs: 60 * 60_000, run: () => pruneIdempotencyKeys(db) })
  const stripe = config.stripe === null ? null : createStripeGateway(config.stripe)
  const closing = new AbortController()
  const app = createHttpApp({
    config,
    database: core.database,
    logger,
    verifier,
    identityExists: (uid) => core.identityAdmin.identityExists(uid),
    routes: routeTable({ core, generations, captions, stripe, closing: closing.signal }),
  })
  return {
    config,
    app,
    database: core.database,
    verifier,
    identityAdmin: core.identityAdmin,
    mediaStore: core.media.store,
    mediaLinks: core.media.links,
    accountDeletion: core.accountDeletion,
    core,
    endStreams: () => closing.abort(),
    async close() {
      closing.abort()
      await verifier.close()
      await core.close()
    },
  }
}
