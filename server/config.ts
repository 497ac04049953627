import path from 'node:path'
import { z } from 'zod'
import { developerApiConfig, developerApiEnv, type DeveloperApiConfig } from './config/developer-api.ts'
import { generationConfig, generationEnv, type GenerationConfig } from './config/generation.ts'
import { jobsConfig, jobsEnv, type FalWebhookConfig, type JobsConfig } from './config/jobs.ts'
import { mediaConfig, mediaEnv, type MediaConfig } from './config/media.ts'
import { privacyConfig, privacyEnv, type PrivacyConfig } from './config/privacy.ts'
import { pushConfig, pushEnv, type PushConfig } from './config/push.ts'
import { ConfigError, emulatorHost, optionalText } from './config/shared.ts'
import type { DatabaseConfig } from './db/database.ts'

export { ConfigError } from './config/shared.ts'
export type { DeveloperApiConfig } from './config/developer-api.ts'
export type { GenerationConfig } from './config/generation.ts'
export type { FalWebhookConfig, JobsConfig } from './config/jobs.ts'
export type { MediaConfig, MediaStoreConfig } from './config/media.ts'
export type { PrivacyConfig, RetentionConfig } from './config/privacy.ts'
export type { PushConfig, VapidKeys } from './config/push.ts'

// Configuration is read once from the environment at boot and validated with zod
// (it fails fast, with a clear message). With no variables at all the server
// runs the embedded defaults: SQLite under data/, the Firebase Auth Emulator and
// the local checkout page (docs/architecture.md: embedded defaults and production twins).
// Every variable is documented in docs/operations/configuration.md.

const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099'
export const DEFAULT_PORT = 8787

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

/** The server itself: where it listens, its data and database, logging. */
const coreEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(DEFAULT_PORT),
  PUBLIC_ORIGIN: optionalText,
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: flag,
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: optionalText,
  ACTORLY_DIST: z.string().min(1).default('dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** How many API instances may run at once; guards the settings that only work on one (docs/decisions/0222). */
  MAX_INSTANCES: z.coerce.number().int().min(1).default(1),
  FORM_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(5),
  FORM_RATE_LIMIT_REFILL_SECONDS: z.coerce.number().int().min(1).default(120),
  DEMO_ACCOUNT_EMAIL: optionalText,
}

const firebaseEnv = {
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-actorly'),
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
}

const stripeEnv = {
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_STARTER: optionalText,
  STRIPE_PRICE_CREATOR: optionalText,
  STRIPE_PRICE_ENTERPRISE: optionalText,
  STRIPE_API_BASE: optionalText.pipe(z.union([z.null(), z.url({ protocol: /^https?$/ })])),
}

/** The whole environment, one block per concern, read in one parse. */
const envSchema = z.object({
  ...coreEnv,
  ...firebaseEnv,
  ...stripeEnv,
  ...generationEnv,
  ...mediaEnv,
  ...jobsEnv,
  ...privacyEnv,
  ...pushEnv,
  ...developerApiEnv,
})

export type { DatabaseConfig }

export interface StripeConfig {
  secretKey: string
  webhookSecret: string
  /** Stripe price id per named tier (spec §9: starter, creator, enterprise). */
  priceIds: { starter: string; creator: string; enterprise: string }
  /** Points the SDK at another host (a local fake in contract tests). */
  apiBase: URL | null
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test'
  isProduction: boolean
  host: string
  port: number
  /** The origin users reach the app on; checkout return URLs are built from it. */
  publicOrigin: string
  corsOrigins: string[]
  trustProxy: boolean
  dataDir: string
  distDir: string
  database: DatabaseConfig
  logLevel: string
  firebase: { projectId: string; authEmulatorHost: string | null }
  stripe: StripeConfig | null
  forms: { burst: number; refillSeconds: number }
  demoAccountEmail: string | null
  /** How many API instances may run at once (MAX_INSTANCES). */
  maxInstances: number
  generation: GenerationConfig
  media: MediaConfig
  /** Support mail and retention (server/config/privacy.ts). */
  privacy: PrivacyConfig
  /** Leases, worker timings, the deadline sweep and the event poll (decisions 0210–0212). */
  jobs: JobsConfig
  falWebhook: FalWebhookConfig
  /** Web Push when a generation ends (docs/decisions/0280). */
  push: PushConfig
  /** API keys' rate limit and webhook endpoints (docs/decisions/0404, 0408). */
  developerApi: DeveloperApiConfig
}

type Env = z.output<typeof envSchema>

function databaseFrom(env: Env): DatabaseConfig {
  const url = env.DATABASE_URL
  if (url === null) return { kind: 'sqlite', file: path.resolve(env.DATA_DIR, 'actorly.sqlite') }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url }
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '')
  if (file === '') throw new ConfigError('DATABASE_URL: expected postgres://… or a SQLite file path')
  return { kind: 'sqlite', file: path.resolve(file) }
}

function stripeFrom(env: Env): StripeConfig | null {
  if (env.STRIPE_SECRET_KEY === null) return null
  const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_CREATOR', 'STRIPE_PRICE_ENTERPRISE'] as const).filter(
    (key) => env[key] === null,
  )
  if (missing.length > 0) {
    throw new ConfigError(`STRIPE_SECRET_KEY is set, so these are required too: ${missing.join(', ')}`)
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    priceIds: {
      starter: env.STRIPE_PRICE_STARTER ?? '',
      creator: env.STRIPE_PRICE_CREATOR ?? '',
      enterprise: env.STRIPE_PRICE_ENTERPRISE ?? '',
    },
    apiBase: env.STRIPE_API_BASE === null ? null : new URL(env.STRIPE_API_BASE),
  }
}

function refuseUnsafeProduction(env: Env, stripe: StripeConfig | null): void {
  if (env.NODE_ENV !== 'production') return
  // docs/quality.md security: the auth emulator accepts unsigned tokens, so it must never serve real users.
  if (env.FIREBASE_AUTH_EMULATOR_HOST !== null) {
    throw new ConfigError(
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production. ' +
        'The auth emulator accepts unsigned tokens; unset it and configure a real Firebase project.',
    )
  }
  if (env.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    throw new ConfigError('Refusing to start: NODE_ENV=production needs a real FIREBASE_PROJECT_ID, not a demo- project.')
  }
  // The local checkout page grants credits without payment (docs/decisions/0061).
  if (stripe === null) {
    throw new ConfigError('Refusing to start: NODE_ENV=production needs Stripe (STRIPE_SECRET_KEY and friends).')
  }
}

/** Parses the environment; throws ConfigError with every problem listed. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const stripe = stripeFrom(env)
  refuseUnsafeProduction(env, stripe)
  const isProduction = env.NODE_ENV === 'production'
  const dataDir = path.resolve(env.DATA_DIR)
  const context = { isProduction, maxInstances: env.MAX_INSTANCES, dataDir, firebaseProjectId: env.FIREBASE_PROJECT_ID }
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST ?? (isProduction ? null : DEFAULT_EMULATOR_HOST)
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    trustProxy: env.TRUST_PROXY,
    dataDir,
    distDir: path.resolve(env.ACTORLY_DIST),
    database: databaseFrom(env),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    firebase: { projectId: env.FIREBASE_PROJECT_ID, authEmulatorHost: emulator },
    stripe,
    forms: { burst: env.FORM_RATE_LIMIT_BURST, refillSeconds: env.FORM_RATE_LIMIT_REFILL_SECONDS },
    demoAccountEmail: env.DEMO_ACCOUNT_EMAIL?.toLowerCase() ?? null,
    maxInstances: env.MAX_INSTANCES,
    generation: generationConfig(env, context),
    media: mediaConfig(env, context),
    privacy: privacyConfig(env, context),
    ...jobsConfig(env, context),
    push: pushConfig(env, context),
    developerApi: developerApiConfig(env, context),
  }
}
