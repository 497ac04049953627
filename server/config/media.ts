import path from 'node:path'
import { z } from 'zod'
import { ConfigError, emulatorHost, optionalText, type ConfigBlock } from './shared.ts'

// Media settings (docs/operations/configuration.md, docs/operations/media.md):
// where uploads and videos are kept and how their links are signed
// (docs/decisions/0220, 0221). One block of the server's environment schema.

/** spec-silent: how long a media link handed to the app works (docs/decisions/0221). */
export const DEFAULT_MEDIA_LINK_TTL_SECONDS = 24 * 60 * 60

export const mediaEnv = {
  MEDIA_STORE: z.enum(['disk', 'cloud']).default('disk'),
  /** The Cloud Storage bucket (e.g. `my-project.firebasestorage.app`) for MEDIA_STORE=cloud. */
  MEDIA_BUCKET: optionalText,
  FIREBASE_STORAGE_EMULATOR_HOST: emulatorHost,
  MEDIA_SIGNING_SECRET: optionalText.pipe(z.union([z.null(), z.string().min(32, 'must be at least 32 characters')])),
  MEDIA_LINK_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 60 * 60)
    .default(DEFAULT_MEDIA_LINK_TTL_SECONDS),
}

export type MediaStoreConfig =
  | { kind: 'disk'; dir: string }
  | { kind: 'cloud'; bucket: string; projectId: string; /** host:port of the Storage emulator, or null for Google's service. */ emulatorHost: string | null }

export interface MediaConfig {
  store: MediaStoreConfig
  /** HMAC key of media links; null outside production: the server keeps one in DATA_DIR. */
  signingSecret: string | null
  /** How long a link in an API answer works. */
  linkTtlSeconds: number
}

export const mediaConfig: ConfigBlock<typeof mediaEnv, MediaConfig> = (env, { isProduction, maxInstances, dataDir, firebaseProjectId }) => {
  if (isProduction) {
    if (env.FIREBASE_STORAGE_EMULATOR_HOST !== null) {
      throw new ConfigError('Refusing to start: FIREBASE_STORAGE_EMULATOR_HOST is set while NODE_ENV=production. Unset it and use a real bucket.')
    }
    // Files on one instance's disk are a 404 on every other instance.
    if (env.MEDIA_STORE === 'disk' && maxInstances > 1) {
      throw new ConfigError(
        `Refusing to start: MEDIA_STORE=disk with MAX_INSTANCES=${maxInstances}. Use MEDIA_STORE=cloud when more than one instance may run.`,
      )
    }
    // Links signed by one instance must verify on every other, and survive a redeploy.
    if (env.MEDIA_SIGNING_SECRET === null) throw new ConfigError('Refusing to start: NODE_ENV=production needs MEDIA_SIGNING_SECRET (32+ random characters).')
  }
  let store: MediaStoreConfig = { kind: 'disk', dir: path.join(dataDir, 'media') }
  if (env.MEDIA_STORE === 'cloud') {
    if (env.MEDIA_BUCKET === null) throw new ConfigError('MEDIA_STORE=cloud needs MEDIA_BUCKET (the Cloud Storage bucket)')
    store = { kind: 'cloud', bucket: env.MEDIA_BUCKET, projectId: firebaseProjectId, emulatorHost: env.FIREBASE_STORAGE_EMULATOR_HOST }
  }
  return { store, signingSecret: env.MEDIA_SIGNING_SECRET, linkTtlSeconds: env.MEDIA_LINK_TTL_SECONDS }
}
