import path from 'node:path'
import type { Hono } from 'hono'
import { createApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { createGenerationPart, type GenerationPart } from '../../domain/generations-wiring.ts'
import type { AppEnv } from '../../http/env.ts'
import { createLogger } from '../../logger.ts'
import { recordMedia } from '../../media/catalog.ts'
import { createMediaLinks, type MediaLinks } from '../../media/links.ts'
import { storedTypeByExt } from '../../media/media-types.ts'
import { createDiskMediaStore, type MediaStore } from '../../media/store.ts'
import type { TestServer } from '../../test/harness.ts'
import { JOB_LIMITS, type JobLimits } from '../job-limits.ts'
import type { RemoteFetcher } from '../provider.ts'

// The real app (server/app.ts) with the generation part mounted at
// /api/fal/v1, over a harness TestServer's database and identity verifier.
// Inputs in these tests are files of our own media store, so any outside
// URL is refused; fal results may come from the local fake (loopback).

export const MEDIA_ORIGIN = 'http://127.0.0.1:8711'

export interface GenerationTestApp {
  app: Hono<AppEnv>
  part: GenerationPart
  store: MediaStore
  links: MediaLinks
  /** Moves a file into the store as `userId`'s upload; answers the signed link an upload answers with. */
  saveUpload(file: string, ext: string, userId: string): Promise<string>
  /** Whether a media link of an answer names an object that is in the store. */
  isStored(url: string | null): Promise<boolean>
  request(pathAndQuery: string, options?: { token?: string; json?: unknown; body?: string }): Promise<Response>
  close(): Promise<void>
}

/** The fake fal server listens on loopback, which the SSRF-safe fetcher otherwise refuses. */
export const FAKE_FAL_POLICY = { trustedTestAddresses: ['127.0.0.1'] } as const

const refuseOutsideUrls: RemoteFetcher = async (url) => {
  throw new Error(`tests fetch no outside URL (${url})`)
}

export async function createGenerationTestApp(
  server: TestServer,
  options: { env?: Record<string, string>; demoAccountEmail?: string; limits?: Partial<JobLimits> } = {},
): Promise<GenerationTestApp> {
  const logger = createLogger('silent')
  const store = await createDiskMediaStore({ dir: path.join(server.dataDir, 'media') })
  const links = createMediaLinks({ secret: 'generation-test-app-signing-secret-0123456789', publicOrigin: MEDIA_ORIGIN, ttlSeconds: 3600 })
  const part = createGenerationPart({
    db: server.db,
    logger,
    mediaStore: store,
    mediaLinks: links,
    fetchRemote: refuseOutsideUrls,
    demoAccountEmail: options.demoAccountEmail ?? null,
    config: loadConfig({ GENERATION_POLL_INTERVAL_MS: '100', ...options.env }).generation,
    limits: { ...JOB_LIMITS, ...options.limits },
    falResultFetchPolicy: FAKE_FAL_POLICY,
  })
  const app = createApp({
    config: server.config,
    database: server.database,
    logger,
    verifier: server.verifier,
    stripe: null,
    extraRoutes: [{ path: '/api/fal/v1', routes: part.routes }],
  })
  return {
    app,
    part,
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
    async request(pathAndQuery, { token, json, body } = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (token !== undefined) headers.authorization = `Bearer ${token}`
      return app.request(pathAndQuery, { method: 'POST', headers, body: json !== undefined ? JSON.stringify(json) : body })
    },
    close: () => part.close(),
  }
}
