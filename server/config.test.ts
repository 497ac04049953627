import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_PORT, loadConfig } from './config.ts'

const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_STARTER: 'price_s',
  STRIPE_PRICE_CREATOR: 'price_c',
  STRIPE_PRICE_ENTERPRISE: 'price_e',
}
/** What production needs beyond Stripe: support mail and the export links' secret. */
const mailEnv = { SMTP_URL: 'smtps://support:secret@mail.example:465', EXPORT_LINK_SECRET: 'x'.repeat(32) }

describe('loadConfig', () => {
  it('runs the embedded defaults with no variables at all', () => {
    const config = loadConfig({})
    expect(config.port).toBe(DEFAULT_PORT)
    expect(config.host).toBe('127.0.0.1')
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data', 'actorly.sqlite') })
    expect(config.firebase).toEqual({ projectId: 'demo-actorly', authEmulatorHost: '127.0.0.1:9099' })
    expect(config.stripe).toBeNull()
    expect(config.corsOrigins).toEqual([])
  })

  it('chooses PostgreSQL for a postgres URL and SQLite for a path', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/actorly' }).database.kind).toBe('postgres')
    expect(loadConfig({ DATABASE_URL: 'file:/tmp/x.sqlite' }).database).toEqual({ kind: 'sqlite', file: '/tmp/x.sqlite' })
  })

  it('parses the CORS origin list exactly', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual(['https://a.example', 'https://b.example'])
  })

  it('fails with every bad variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' })).toThrow(/PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/)
  })

  it('needs the whole Stripe configuration once a secret key is set', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
    expect(loadConfig(stripeEnv).stripe?.priceIds).toEqual({ starter: 'price_s', creator: 'price_c', enterprise: 'price_e' })
  })

  it('refuses production with the auth emulator', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'actorly-prod', ...stripeEnv })).toThrow(
      ConfigError,
    )
  })

  it('refuses production with a demo project or without Stripe, and accepts a real setup', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...stripeEnv, ...mailEnv })).toThrow(/demo-/)
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'actorly-prod', ...mailEnv })).toThrow(/Stripe/)
    const config = loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'actorly-prod', ...stripeEnv, ...mailEnv })
    expect(config.firebase.authEmulatorHost).toBeNull()
    expect(config.isProduction).toBe(true)
  })
})

describe('privacy settings (docs/decisions/0263, 0264)', () => {
  it('defaults to the privacy page’s figures and prints support mail without SMTP', () => {
    const { privacy } = loadConfig({})
    expect(privacy.retention).toEqual({ supportMonths: 12, unusedUploadDays: 7, accountDeletionDays: 30 })
    expect(privacy.smtpUrl).toBeNull()
    expect(privacy.supportEmail).toBe('support@actorly.app')
    expect(privacy.mailFrom).toBe('support@actorly.app')
  })

  it('reads the configured figures and refuses nonsense', () => {
    const { privacy } = loadConfig({ RETENTION_SUPPORT_MONTHS: '6', RETENTION_UNUSED_UPLOAD_DAYS: '3', ACCOUNT_DELETION_DAYS: '14', SUPPORT_EMAIL: 'help@example.test', SMTP_URL: 'smtp://127.0.0.1:2525' })
    expect(privacy.retention).toEqual({ supportMonths: 6, unusedUploadDays: 3, accountDeletionDays: 14 })
    expect(privacy).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:2525', supportEmail: 'help@example.test', mailFrom: 'help@example.test' })
    expect(() => loadConfig({ RETENTION_SUPPORT_MONTHS: '0' })).toThrow(/RETENTION_SUPPORT_MONTHS/)
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/)
    expect(() => loadConfig({ EXPORT_LINK_SECRET: 'short' })).toThrow(/EXPORT_LINK_SECRET/)
  })

  it('refuses production without SMTP or without the export links’ secret', () => {
    const production = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'actorly-prod', ...stripeEnv }
    expect(() => loadConfig({ ...production, EXPORT_LINK_SECRET: mailEnv.EXPORT_LINK_SECRET })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ ...production, SMTP_URL: mailEnv.SMTP_URL })).toThrow(/EXPORT_LINK_SECRET/)
  })
})

describe('the server process', () => {
  it('exits non-zero with a clear message in production with the auth emulator', () => {
    const result = spawnSync(process.execPath, [path.resolve('server/main.ts')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'actorly-prod', ...stripeEnv },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toMatch(/FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production/)
  })
})
