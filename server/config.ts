import path from 'node:path'
import { z } from 'zod'
import { FAL_WEBHOOK_PATH } from './http/body-limit.ts'

// Configuration is read once from the environment at boot and validated with zod
// (style.md: fail fast with a clear message). With no variables at all the server
// runs the embedded defaults: SQLite under data/, the Firebase Auth Emulator and
// the local checkout page (architecture: embedded defaults and production twins).
// Every variable is documented in docs/operations/configuration.md.

const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099'
export const DEFAULT_PORT = 8787

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? null : v.trim()))

// --- Jobs, workers, the event stream and fal's webhooks (docs/operations/generation.md, decisions 0210–0214) ---

/** fal publishes the public keys of its webhook signatures here (fal docs: "Verifying your webhook"). */
export const FAL_WEBHOOK_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json'

const jobsEnv = {
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(30),
  WORKER_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  WORKER_FAL_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
  JOB_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  JOB_EVENTS_POLL_MS: z.coerce.number().int().min(20).max(10_000).default(250),
  FAL_WEBHOOK_URL: optionalText.pipe(z.union([z.null(), z.literal('off'), z.url({ protocol: /^https?$/ })])),
  FAL_WEBHOOK_JWKS_URL: z.url({ protocol: /^https?$/ }).default(FAL_WEBHOOK_JWKS_URL),
}

export interface JobsConfig {
  /** How long a worker's claim on a job lasts unless renewed (it renews every third of it). */
  leaseMs: number
  /** How often a worker looks for jobs nobody holds (job events wake it sooner). */
  claimIntervalMs: number
  /** fal jobs one worker follows at once (each is a poll every few seconds and a download at the end). */
  falConcurrency: number
  /** How often any instance fails and refunds jobs past their deadline. */
  sweepIntervalMs: number
  /** SQLite: how often an instance reads new job events (PostgreSQL is told at once by NOTIFY). */
  eventsPollMs: number
}

export interface FalWebhookConfig {
  /** Where fal POSTs its signed webhook; null: workers poll fal only. */
  url: string | null
  /** fal's JWKS (a test key of the local fake in tests). */
  jwksUrl: string
}

function jobsFrom(env: { JOB_LEASE_SECONDS: number; WORKER_POLL_MS: number; WORKER_FAL_CONCURRENCY: number; JOB_SWEEP_SECONDS: number; JOB_EVENTS_POLL_MS: number }): JobsConfig {
  return {
    leaseMs: env.JOB_LEASE_SECONDS * 1000,
    claimIntervalMs: env.WORKER_POLL_MS,
    falConcurrency: env.WORKER_FAL_CONCURRENCY,
    sweepIntervalMs: env.JOB_SWEEP_SECONDS * 1000,
    eventsPollMs: env.JOB_EVENTS_POLL_MS,
  }
}

/** FAL_WEBHOOK_URL, else PUBLIC_ORIGIN's webhook path when an origin was configured (fal must reach it), else none. */
function falWebhookFrom(env: { FAL_WEBHOOK_URL: string | null; FAL_WEBHOOK_JWKS_URL: string; PUBLIC_ORIGIN: string | null }): FalWebhookConfig {
  const derived = env.PUBLIC_ORIGIN === null ? null : `${env.PUBLIC_ORIGIN.replace(/\/+$/, '')}${FAL_WEBHOOK_PATH}`
  const url = env.FAL_WEBHOOK_URL === 'off' ? null : (env.FAL_WEBHOOK_URL ?? derived)
  return { url, jwksUrl: env.FAL_WEBHOOK_JWKS_URL }
}

const envSchema = z.object({
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
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-actorly'),
  FIREBASE_AUTH_EMULATOR_HOST: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_STARTER: optionalText,
  STRIPE_PRICE_CREATOR: optionalText,
  STRIPE_PRICE_ENTERPRISE: optionalText,
  STRIPE_API_BASE: optionalText.pipe(z.union([z.null(), z.url({ protocol: /^https?$/ })])),
  FORM_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(5),
  FORM_RATE_LIMIT_REFILL_SECONDS: z.coerce.number().int().min(1).default(120),
  DEMO_ACCOUNT_EMAIL: optionalText,
  ...jobsEnv,
})

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }

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
  jobs: JobsConfig
  falWebhook: FalWebhookConfig
}

export class ConfigError extends Error {
  override name = 'ConfigError'
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
  const missing = (
    ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_CREATOR', 'STRIPE_PRICE_ENTERPRISE'] as const
  ).filter((key) => env[key] === null)
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
  // quality.md security: the auth emulator accepts unsigned tokens, so it must never serve real users.
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
    dataDir: path.resolve(env.DATA_DIR),
    distDir: path.resolve(env.ACTORLY_DIST),
    database: databaseFrom(env),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    firebase: { projectId: env.FIREBASE_PROJECT_ID, authEmulatorHost: emulator },
    stripe,
    forms: { burst: env.FORM_RATE_LIMIT_BURST, refillSeconds: env.FORM_RATE_LIMIT_REFILL_SECONDS },
    demoAccountEmail: env.DEMO_ACCOUNT_EMAIL?.toLowerCase() ?? null,
    jobs: jobsFrom(env),
    falWebhook: falWebhookFrom(env),
  }
}
