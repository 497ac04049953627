import path from 'node:path'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { createApp } from '../../app.ts'
import { loadConfig, type FalWebhookConfig, type JobsConfig } from '../../config.ts'
import { createGenerationPart, createWorkerPart, type GenerationPart, type WorkerPart } from '../../generation-compose.ts'
import type { AppEnv } from '../../http/env.ts'
import { createEventFeed } from '../../jobs/event-feed.ts'
import { createPeriodicTasks } from '../../jobs/periodic-tasks.ts'
import { newWorkerId } from '../../jobs/worker-id.ts'
import { createLogger } from '../../logger.ts'
import { recordMedia } from '../../media/catalog.ts'
import { createMediaLinks, type MediaLinks } from '../../media/links.ts'
import { storedTypeByExt } from '../../media/media-types.ts'
import { createDiskMediaStore, type MediaStore } from '../../media/store.ts'
import type { TestServer } from '../../test/harness.ts'
import { JOB_LIMITS, type JobLimits } from '../job-limits.ts'
import type { RemoteFetcher } from '../provider.ts'

// The real app (server/app.ts) with the generation part mounted at
// /api/fal/v1, over a harness TestServer's database and identity verifier,
// and — unless `worker: false` — a worker in the same process working its
// jobs (the same code as `npm run worker`, server/worker-compose.ts). Inputs
// in these tests are files of our own media store, so any outside URL is
// refused; fal results may come from the local fake (loopback).

export const MEDIA_ORIGIN = 'http://127.0.0.1:8711'

/** Fast settings for tests: short leases, frequent claims and sweeps, a quick SQLite event poll. */
export const TEST_JOBS: JobsConfig = { leaseMs: 3_000, claimIntervalMs: 100, falConcurrency: 50, sweepIntervalMs: 500, eventsPollMs: 50 }

export interface GenerationTestApp {
  app: Hono<AppEnv>
  part: GenerationPart
  worker: WorkerPart | null
  store: MediaStore
  links: MediaLinks
  /** Moves a file into the store as `userId`'s upload; answers the signed link an upload answers with. */
  saveUpload(file: string, ext: string, userId: string): Promise<string>
  /** Whether a media link of an answer names an object that is in the store. */
  isStored(url: string | null): Promise<boolean>
  request(pathAndQuery: string, options?: { token?: string; json?: unknown; body?: string }): Promise<Response>
  /** Serves the app on 127.0.0.1 (a free port unless given: fal's webhooks, event streams); answers its origin. */
  listen(port?: number): Promise<string>
  close(): Promise<void>
}

/** The fake fal server listens on loopback, which the SSRF-safe fetcher otherwise refuses. */
export const FAKE_FAL_POLICY = { trustedTestAddresses: ['127.0.0.1'] } as const

const refuseOutsideUrls: RemoteFetcher = async (url) => {
  throw new Error(`tests fetch no outside URL (${url})`)
}

export interface GenerationTestOptions {
  env?: Record<string, string>
  demoAccountEmail?: string
  limits?: Partial<JobLimits>
  jobs?: Partial<JobsConfig>
  falWebhook?: FalWebhookConfig
  /** false: no worker in this process (jobs wait for one elsewhere). */
  worker?: boolean
  /** The API part's fetcher of outside URLs (default: refuses every one). */
  fetchRemote?: RemoteFetcher
  /** The API part's render slots for caption calls (0: every such call finds them busy). */
  captionRenderSlots?: number
}

export async function createGenerationTestApp(server: TestServer, options: GenerationTestOptions = {}): Promise<GenerationTestApp> {
  const logger = createLogger(process.env.LOG_LEVEL ?? 'silent')
  const store = await createDiskMediaStore({ dir: path.join(server.dataDir, 'media') })
  const links = createMediaLinks({ secret: 'generation-test-app-signing-secret-0123456789', publicOrigin: MEDIA_ORIGIN, ttlSeconds: 3600 })
  const jobs = { ...TEST_JOBS, ...options.jobs }
  const tasks = createPeriodicTasks(logger)
  const feed = createEventFeed({ db: server.db, database: server.config.database, log: logger, pollMs: jobs.eventsPollMs })
  const shared = {
    db: server.db,
    logger,
    mediaStore: store,
    mediaLinks: links,
    fetchRemote: refuseOutsideUrls,
    feed,
    tasks,
    jobs,
    falWebhook: options.falWebhook ?? { url: null, jwksUrl: 'http://127.0.0.1:9/no-jwks' },
    config: loadConfig({ GENERATION_POLL_INTERVAL_MS: '100', ...options.env }).generation,
    limits: { ...JOB_LIMITS, ...options.limits },
    falResultFetchPolicy: FAKE_FAL_POLICY,
  }
  const part = createGenerationPart({
    ...shared,
    ...(options.fetchRemote === undefined ? {} : { fetchRemote: options.fetchRemote }),
    demoAccountEmail: options.demoAccountEmail ?? null,
    rateLimits: { db: server.db, dialect: server.database.dialect },
    ...(options.captionRenderSlots === undefined ? {} : { captionRenderSlots: options.captionRenderSlots }),
  })
  const worker = options.worker === false ? null : createWorkerPart({ ...shared, owner: newWorkerId() })
  worker?.worker.start()
  const app = createApp({
    config: server.config,
    database: server.database,
    logger,
    verifier: server.verifier,
    identityExists: (uid) => server.identityAdmin.identityExists(uid),
    stripe: null,
    extraRoutes: [{ path: '/api/fal/v1', routes: part.routes }],
  })
  const servers: ReturnType<typeof serve>[] = []
  return {
    app,
    part,
    worker,
    store,
    links,
    async saveUpload(file, ext, userId) {
      const type = storedTypeByExt(ext)
      if (type === undefined) throw new Error(`not a stored type: ${ext}`)
      const stored = await store.putFile(file, type)
      await recordMedia(server.db, stored, { userId, origin: 'upload' })
      return links.sign(stored.key)
    },
    async isStored(url) {
      const key = url === null ? null : links.keyOfOwnUrl(url, [])
      return key !== null && (await store.stat(key)) !== null
    },
    listen(port = 0) {
      return new Promise((resolve) => {
        servers.push(serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, (info) => resolve(`http://127.0.0.1:${info.port}`)))
      })
    },
    async request(pathAndQuery, { token, json, body } = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (token !== undefined) headers.authorization = `Bearer ${token}`
      return app.request(pathAndQuery, { method: 'POST', headers, body: json !== undefined ? JSON.stringify(json) : body })
    },
    async close() {
      await worker?.close()
      part.endStreams()
      for (const listening of servers) {
        if ('closeAllConnections' in listening) listening.closeAllConnections()
        await new Promise<void>((resolve) => listening.close(() => resolve()))
      }
      await tasks.stop()
      await feed.close()
      await part.close()
    },
  }
}
