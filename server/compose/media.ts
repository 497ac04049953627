import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.ts'
import { createCloudMediaStore } from '../media/cloud-store.ts'
import { createMediaLinks, type MediaLinks } from '../media/links.ts'
import { createDiskMediaStore, type MediaStore } from '../media/store.ts'

// The media part of the core (./core.ts): the configured store and the link
// signer. The API answers with links it signs and serves them; the worker
// saves results and reads inputs through the same store and the same key.

export interface MediaPart {
  store: MediaStore
  links: MediaLinks
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

async function createMediaStore(config: Config): Promise<MediaStore> {
  const { store } = config.media
  return store.kind === 'disk' ? createDiskMediaStore({ dir: store.dir }) : createCloudMediaStore(store)
}

export async function createMediaPart(config: Config): Promise<MediaPart> {
  const store = await createMediaStore(config)
  const links = createMediaLinks({ secret: await signingSecret(config), publicOrigin: config.publicOrigin, ttlSeconds: config.media.linkTtlSeconds })
  return { store, links }
}
