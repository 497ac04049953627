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
    expect(() => loadConfig({ NODE_ENV: 'production', ...stripeEnv })).toThrow(/demo-/)
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'actorly-prod' })).toThrow(/Stripe/)
    const config = loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'actorly-prod', ...stripeEnv })
    expect(config.firebase.authEmulatorHost).toBeNull()
    expect(config.isProduction).toBe(true)
  })
})

describe('jobs, workers and fal webhooks (decisions 0210–0212)', () => {
  it('defaults to a 30 s lease and no fal webhook without a public origin', () => {
    const config = loadConfig({})
    expect(config.jobs).toEqual({ leaseMs: 30_000, claimIntervalMs: 500, falConcurrency: 50, sweepIntervalMs: 15_000, eventsPollMs: 250 })
    expect(config.falWebhook).toEqual({ url: null, jwksUrl: 'https://rest.alpha.fal.ai/.well-known/jwks.json' })
  })

  it('derives the webhook URL from PUBLIC_ORIGIN, takes an explicit one, and turns it off', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://actorly.example/' }).falWebhook.url).toBe('https://actorly.example/api/fal/v1/webhook')
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://actorly.example', FAL_WEBHOOK_URL: 'https://hooks.example/fal' }).falWebhook.url).toBe('https://hooks.example/fal')
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://actorly.example', FAL_WEBHOOK_URL: 'off' }).falWebhook.url).toBeNull()
  })

  it('refuses a lease too short to renew and a webhook URL that is not one', () => {
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '1' })).toThrow(/JOB_LEASE_SECONDS/)
    expect(() => loadConfig({ FAL_WEBHOOK_URL: 'ftp://x' })).toThrow(/FAL_WEBHOOK_URL/)
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
