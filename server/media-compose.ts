import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { optionalUser, requireUser } from './auth/middleware.ts'
import type { Config } from './config.ts'
import type { Database } from './db/schema.ts'
import type { AppEnv } from './http/env.ts'
import { createMediaRoutes, createMediaUploader, type MediaUploader } from './routes/media.ts'
import { createMediaCatalog } from './media/catalog.ts'
import { createCloudMediaStore } from './media/cloud-store.ts'
import { createMediaLinks, type MediaLinks } from './media/links.ts'
import { createDiskMediaStore, type MediaStore } from './media/store.ts'

// The media part as one piece for server/compose.ts: the configured store,
// the link signer and the routes (/api/media/v1/upload, /fetch, /media/:key).

export interface MediaPart {
  store: MediaStore
  links: MediaLinks
  /** Mount at '/': the paths are absolute. */
  routes: Hono<AppEnv>
  /** The upload's steps, for the developer API's upload call. */
  uploader: MediaUploader
}

/**
 * Outside production the signing key may come from DATA_DIR (made on first
 * boot), so `npm start` needs no setting; production refuses to start without
 * MEDIA_SIGNING_SECRET (server/config/media.ts).
 */
async function signingSecret(config: Config): Promise<string> {
  if (config.media.signingSecret !== null) return config.media.signingSecret
  const file = path.join(config.dataDir, 'media-signing.key')
  const existing = await readFile(file, 'utf8').catch(() => null)
  if (existing !== null && existing.trim().length >= 32) return existing.trim()
  const made = randomBytes(32).toString('base64url')
  // wx: two instances booting together on one DATA_DIR keep the first one's key.
  await writeFile(file, `${made}\n`, { flag: 'wx', mode: 0o600 }).catch(() => undefined)
  return (await readFile(file, 'utf8')).trim()
}

export async function createMediaStore(config: Config): Promise<MediaStore> {
  const { store } = config.media
  return store.kind === 'disk' ? createDiskMediaStore({ dir: store.dir }) : createCloudMediaStore(store)
}

export async function createMediaPart(config: Config, db: Kysely<Database>): Promise<MediaPart> {
  const store = await createMediaStore(config)
  const links = createMediaLinks({ secret: await signingSecret(config), publicOrigin: config.publicOrigin, ttlSeconds: config.media.linkTtlSeconds })
  const catalog = createMediaCatalog(db)
  const routes = createMediaRoutes({
    store,
    catalog,
    links,
    requireUser: requireUser(),
    optionalUserId: async (c) => (await optionalUser(c))?.id ?? null,
  })
  return { store, links, routes, uploader: createMediaUploader({ store, catalog, links }) }
}
