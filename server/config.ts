import path from 'node:path'
import { z } from 'zod'
import { RETENTION_DEFAULTS } from '../contract/constants.ts'

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
})

// ---- Privacy: support mail, retention and data export (docs/decisions/0263, 0264).
// A block of its own: the figures are the privacy page's promises (spec §2 Privacy).
const positiveInt = (fallback: number) => z.coerce.number().int().min(1).max(100_000).default(fallback)

const privacyEnvSchema = z.object({
  /** smtp://user:pass@host:587 or smtps://…:465; unset: support messages are printed to the log. */
  SMTP_URL: optionalText.pipe(z.union([z.null(), z.url({ protocol: /^smtps?$/ })])),
  SUPPORT_EMAIL: z.email().default('support@actorly.app'),
  /** The sender of support mail; defaults to the support address (the mailbox writes to itself). */
  MAIL_FROM: optionalText.pipe(z.union([z.null(), z.email()])),
  RETENTION_SUPPORT_MONTHS: positiveInt(RETENTION_DEFAULTS.supportMonths),
  RETENTION_UNUSED_UPLOAD_DAYS: positiveInt(RETENTION_DEFAULTS.unusedUploadDays),
  ACCOUNT_DELETION_DAYS: positiveInt(RETENTION_DEFAULTS.accountDeletionDays),
  /** Signs the download links of a data export; random per process when unset (not in production). */
  EXPORT_LINK_SECRET: optionalText.pipe(z.union([z.null(), z.string().min(32, 'use at least 32 characters')])),
})

export interface PrivacyConfig {
  smtpUrl: string | null
  supportEmail: string
  mailFrom: string
  retention: {
    /** Contact messages and bug reports are deleted this many months after they arrived. */
    supportMonths: number
    /** An upload no generation refers to is deleted this many days after it was uploaded. */
    unusedUploadDays: number
    /** A deleted account is gone within this many days, its deletion record included. */
    accountDeletionDays: number
  }
  exportLinkSecret: string | null
}

function privacyFrom(source: Record<string, string | undefined>, isProduction: boolean): PrivacyConfig {
  const parsed = privacyEnvSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  if (isProduction && env.SMTP_URL === null) {
    // Messages that only reach a log reach nobody (docs/decisions/0264).
    throw new ConfigError('Refusing to start: NODE_ENV=production needs SMTP_URL so support messages reach the support mailbox.')
  }
  if (isProduction && env.EXPORT_LINK_SECRET === null) {
    throw new ConfigError('Refusing to start: NODE_ENV=production needs EXPORT_LINK_SECRET (the same on every instance).')
  }
  return {
    smtpUrl: env.SMTP_URL,
    supportEmail: env.SUPPORT_EMAIL,
    mailFrom: env.MAIL_FROM ?? env.SUPPORT_EMAIL,
    retention: {
      supportMonths: env.RETENTION_SUPPORT_MONTHS,
      unusedUploadDays: env.RETENTION_UNUSED_UPLOAD_DAYS,
      accountDeletionDays: env.ACCOUNT_DELETION_DAYS,
    },
    exportLinkSecret: env.EXPORT_LINK_SECRET,
  }
}

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
  privacy: PrivacyConfig
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
    privacy: privacyFrom(source, isProduction),
  }
}
