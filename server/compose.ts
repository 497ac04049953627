import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Hono } from 'hono'
import type { Logger } from 'pino'
import { AUDIO_URL_TYPES, IMAGE_UPLOAD_TYPES, MAX_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES, VIDEO_UPLOAD_TYPES } from '../contract/constants.ts'
import { createApp } from './app.ts'
import { createFirebaseVerifier, type IdentityVerifier } from './auth/identity.ts'
import { createFirebaseIdentityAdmin, type IdentityAdmin } from './auth/identity-admin.ts'
import type { Config } from './config.ts'
import { openDatabase, type DatabaseHandle } from './db/database.ts'
import { cancelActiveJobs } from './domain/generations-jobs.ts'
import { createDeveloperPart } from './developer-compose.ts'
import { createGenerationPart } from './generation-compose.ts'
import { createStripeGateway } from './domain/stripe-gateway.ts'
import type { AppEnv } from './http/env.ts'
import { createEventFeed } from './jobs/event-feed.ts'
import { createPeriodicTasks } from './jobs/periodic-tasks.ts'
import { fetchRemoteToFile } from './media/fetch-remote.ts'
import { createMediaPart } from './media-compose.ts'
import type { MediaLinks } from './media/links.ts'
import type { MediaStore } from './media/store.ts'
import type { AccountDeletionDeps } from './privacy/account-deletion.ts'
import { createPushPart, type PushOptions } from './push-compose.ts'
import type { RemoteFetcher } from './providers/provider.ts'
import { chooseFfmpegBinary } from './render/ffmpeg-binary.ts'
import { createAccountRoutes } from './routes/account.ts'
import { createPrivacyRoutes } from './routes/privacy.ts'

// Wires the API server's parts from a Config: database, identity verifier,
// media store, generation service, job event feed, push notifications and the HTTP app. main.ts
// and the test harness both start here, so tests run the same composition as
// production. Jobs are worked by worker processes (server/worker-compose.ts);
// this process only sweeps deadlines (docs/decisions/0210).

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
  /** Ends the open event streams, so closing the HTTP server does not wait on them. */
  endStreams(): void
  close(): Promise<void>
}

/** spec §5 URL rules per input kind; downloads go through the SSRF-safe fetcher (docs/quality.md). */
const REMOTE_INPUT_RULES = {
  audio: { maxBytes: MAX_UPLOAD_BYTES, types: AUDIO_URL_TYPES },
  video: { maxBytes: MAX_VIDEO_UPLOAD_BYTES, types: VIDEO_UPLOAD_TYPES },
  image: { maxBytes: MAX_UPLOAD_BYTES, types: IMAGE_UPLOAD_TYPES },
} as const
const REMOTE_FETCH_TIMEOUT_MS = 60_000

/** Input URLs a provider must read (SSRF-safe, capped), downloaded under `dir`. */
export function remoteFetcherInto(dir: string): RemoteFetcher {
  return async (url, kind, signal) => {
    const folder = await mkdtemp(path.join(dir, 'fetch-'))
    const cleanup = () => rm(folder, { recursive: true, force: true })
    try {
      const rules = REMOTE_INPUT_RULES[kind]
      const file = await fetchRemoteToFile(url, {
        maxBytes: rules.maxBytes,
        allowedContentTypes: rules.types,
        timeoutMs: REMOTE_FETCH_TIMEOUT_MS,
        dir: folder,
        kind,
        signal,
      })
      return { file: file.path, cleanup }
    } catch (error) {
      await cleanup()
      throw error
    }
  }
}

export interface ServerOptions {
  /** Tests and the bench: push sending's test-only settings (server/push-compose.ts). */
  push?: PushOptions
}

export async function composeServer(config: Config, logger: Logger, options: ServerOptions = {}): Promise<ComposedServer> {
  chooseFfmpegBinary(config.generation.ffmpegPath)
  const database = await openDatabase(config, {
    onConnectionLost: (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects on the next query'),
  })
  const verifier = createFirebaseVerifier(config.firebase)
  const media = await createMediaPart(config, database.db)
  const mediaStore = media.store
  const tasks = createPeriodicTasks(logger)
  const feed = createEventFeed({ db: database.db, database: config.database, log: logger, pollMs: config.jobs.eventsPollMs })
  const generation = createGenerationPart({
    db: database.db,
    logger,
    mediaStore,
    mediaLinks: media.links,
    fetchRemote: remoteFetcherInto(mediaStore.tempDir),
    feed,
    tasks,
    jobs: config.jobs,
    falWebhook: config.falWebhook,
    demoAccountEmail: config.demoAccountEmail,
    config: config.generation,
    rateLimits: { db: database.db, dialect: database.dialect },
  })
  // A job may end here (fal's webhook, the deadline sweep): this instance sends push messages too.
  const push = await createPushPart({ config, db: database.db, feed, tasks, log: logger }, options.push)
  const stripe = config.stripe === null ? null : createStripeGateway(config.stripe)
  const identityAdmin = createFirebaseIdentityAdmin(config.firebase)
  const accountDeletion: AccountDeletionDeps = {
    db: database.db,
    log: logger.child({ part: 'account-deletion' }),
    identity: identityAdmin,
    store: mediaStore,
    cancelActiveJobs: (userId, error) => cancelActiveJobs(database.db, userId, error),
  }
  const app = createApp({
    config,
    database,
    logger,
    verifier,
    identityExists: (uid) => identityAdmin.identityExists(uid),
    stripe,
    extraRoutes: [
      { path: '/api/fal/v1', routes: generation.routes },
      // Media routes carry their full paths (/api/media/v1/upload, /media/:key).
      { path: '/', routes: media.routes },
      { path: '/api/account/v1', routes: createAccountRoutes({ deletion: accountDeletion, links: media.links, demoAccountEmail: config.demoAccountEmail }) },
      { path: '/api/privacy/v1', routes: createPrivacyRoutes(config.privacy) },
      ...(push === null ? [] : [{ path: '/api/push/v1', routes: push.routes }]),
      // The developer API and its settings (docs/decisions/0400).
      ...createDeveloperPart({ config, database, generations: generation.service, links: media.links, uploader: media.uploader, tasks }),
    ],
  })
  return {
    config,
    app,
    database,
    verifier,
    identityAdmin,
    mediaStore,
    mediaLinks: media.links,
    accountDeletion,
    endStreams: () => generation.endStreams(),
    async close() {
      generation.endStreams()
      await tasks.stop()
      await push?.close()
      await feed.close()
      await generation.close()
      await identityAdmin.close()
      await verifier.close()
      await database.destroy()
    },
  }
}
