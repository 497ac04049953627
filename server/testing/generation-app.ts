import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { composeServer, type ComposedServer } from '../compose/api.ts'
import { composeWorker, type ComposedWorker } from '../compose/worker.ts'
import { loadConfig, type Config, type FalWebhookConfig, type JobsConfig } from '../config.ts'
import type { AppEnv } from '../http/env.ts'
import { createLogger } from '../logger.ts'
import { recordMedia } from '../media/catalog.ts'
import type { MediaLinks } from '../media/links.ts'
import { storedTypeByExt } from '../media/media-types.ts'
import type { MediaStore } from '../media/store.ts'
import { JOB_LIMITS, type JobLimits } from '../providers/job-limits.ts'
import { FAKE_FAL_POLICY } from '../providers/fal/testing/fake-fal-server.ts'
import type { RemoteFetcher } from '../providers/provider.ts'
import type { TestServer } from './harness.ts'

// Another instance beside a harness TestServer, on its database, its data
// folder and its identity service: the same composition as `npm run server`
// (server/compose/api.ts) and — unless `worker: false` — a worker in the same
// process (server/compose/worker.ts), built from the TestServer's
// configuration with fast job timings, the generation settings a test asks
// for, and what only tests may set. Inputs in these tests are files of our
// own media store, so any outside URL is refused; fal results may come from
// the local fake (loopback).

export const MEDIA_ORIGIN = 'http://127.0.0.1:8711'
const SIGNING_SECRET = 'generation-test-app-signing-secret-0123456789'

/** Fast settings for tests: short leases, frequent claims and sweeps, a quick SQLite event poll. */
export const TEST_JOBS: JobsConfig = { leaseMs: 3_000, claimIntervalMs: 100, falConcurrency: 50, sweepIntervalMs: 500, eventsPollMs: 50 }

export interface GenerationTestApp {
  app: Hono<AppEnv>
  api: ComposedServer
  worker: ComposedWorker | null
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

/** The TestServer's configuration with this instance's generation settings and test timings. */
function instanceConfig(server: TestServer, options: GenerationTestOptions): Config {
  const { config } = server
  return {
    ...config,
    publicOrigin: MEDIA_ORIGIN,
    media: { ...config.media, signingSecret: SIGNING_SECRET, linkTtlSeconds: 3600 },
    generation: loadConfig({ GENERATION_POLL_INTERVAL_MS: '100', ...options.env }).generation,
    jobs: { ...TEST_JOBS, ...options.jobs },
    falWebhook: options.falWebhook ?? { url: null, jwksUrl: 'http://127.0.0.1:9/no-jwks' },
    demoAccountEmail: options.demoAccountEmail ?? null,
  }
}

export async function createGenerationTestApp(server: TestServer, options: GenerationTestOptions = {}): Promise<GenerationTestApp> {
  const logger = createLogger(process.env.LOG_LEVEL ?? 'silent')
  const config = instanceConfig(server, options)
  const testOnly = { limits: { ...JOB_LIMITS, ...options.limits }, falResultFetchPolicy: FAKE_FAL_POLICY, fetchRemote: refuseOutsideUrls }
  const api = await composeServer(config, logger, {
    ...testOnly,
    ...(options.fetchRemote === undefined ? {} : { fetchRemote: options.fetchRemote }),
    ...(options.captionRenderSlots === undefined ? {} : { captionRenderSlots: options.captionRenderSlots }),
  })
  // Temp folders are shared with other test files on this machine: their clean-up is tested on its own.
  const worker = options.worker === false ? null : await composeWorker(config, logger, { ...testOnly, cleanWorkDirs: false })
  await worker?.start()
  const { app, mediaStore: store, mediaLinks: links } = api
  const servers: ReturnType<typeof serve>[] = []
  return {
    app,
    api,
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
      api.endStreams()
      for (const listening of servers) {
        if ('closeAllConnections' in listening) listening.closeAllConnections()
        await new Promise<void>((resolve) => listening.close(() => resolve()))
      }
      await api.close()
    },
  }
}
