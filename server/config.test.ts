import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_PORT, loadConfig } from './config.ts'
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from './config/push.ts'

const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_STARTER: 'price_s',
  STRIPE_PRICE_CREATOR: 'price_c',
  STRIPE_PRICE_ENTERPRISE: 'price_e',
}

/** A VAPID pair made for these tests (npx web-push generate-vapid-keys makes one the same way). */
const vapidEnv = {
  VAPID_PUBLIC_KEY: 'BEbrOHrN4JOSyJHDCkSfSLPBfpC-hrBSXA7NvPlUFjaYYg0sf1gA9-DrfdQ7Vv0jN9-_rFYE5a8nTm9eZqvkwJk',
  VAPID_PRIVATE_KEY: 'kGu7l3DoVcAxdk5m_Fl3HzIRqWoD89Oi-9XOyFQ4l5s',
}

/** Everything else production needs, so each test can take one thing away. */
const productionEnv = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'actorly-prod',
  GENERATION_PROVIDER: 'fal',
  FAL_KEY: 'fal-key',
  MEDIA_SIGNING_SECRET: 'a'.repeat(32),
  SMTP_URL: 'smtps://support:secret@mail.example:465',
  PUBLIC_ORIGIN: 'https://actorly.example',
  ...vapidEnv,
  ...stripeEnv,
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
    expect(() => loadConfig({ ...productionEnv, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(ConfigError)
  })

  it('refuses production with a demo project or without Stripe, and accepts a real setup', () => {
    expect(() => loadConfig({ ...productionEnv, FIREBASE_PROJECT_ID: 'demo-x' })).toThrow(/demo-/)
    expect(() => loadConfig({ ...productionEnv, STRIPE_SECRET_KEY: '' })).toThrow(/Stripe/)
    const config = loadConfig(productionEnv)
    expect(config.firebase.authEmulatorHost).toBeNull()
    expect(config.isProduction).toBe(true)
    expect(config.generation.provider).toBe('fal')
  })

  it('refuses production with the local renderer, which is also the default', () => {
    expect(() => loadConfig({ ...productionEnv, GENERATION_PROVIDER: 'local' })).toThrow(/GENERATION_PROVIDER=fal/)
    expect(() => loadConfig({ ...productionEnv, GENERATION_PROVIDER: undefined })).toThrow(/GENERATION_PROVIDER=fal/)
    expect(loadConfig({ GENERATION_PROVIDER: 'local' }).generation.provider).toBe('local')
  })

  it('refuses the disk media store in production when more than one instance may run', () => {
    expect(() => loadConfig({ ...productionEnv, MAX_INSTANCES: '2' })).toThrow(/MEDIA_STORE=disk with MAX_INSTANCES=2/)
    expect(loadConfig({ ...productionEnv, MAX_INSTANCES: '1' }).media.store.kind).toBe('disk')
    const cloud = loadConfig({ ...productionEnv, MAX_INSTANCES: '4', MEDIA_STORE: 'cloud', MEDIA_BUCKET: 'actorly.firebasestorage.app' })
    expect(cloud.media.store).toEqual({ kind: 'cloud', bucket: 'actorly.firebasestorage.app', projectId: 'actorly-prod', emulatorHost: null })
    expect(() => loadConfig({ MEDIA_STORE: 'cloud' })).toThrow(/MEDIA_BUCKET/)
  })

  it('refuses production without a media signing secret, or with the Storage emulator', () => {
    expect(() => loadConfig({ ...productionEnv, MEDIA_SIGNING_SECRET: undefined })).toThrow(/MEDIA_SIGNING_SECRET/)
    expect(() => loadConfig({ ...productionEnv, MEDIA_SIGNING_SECRET: 'short' })).toThrow(/32 characters/)
    expect(() => loadConfig({ ...productionEnv, FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' })).toThrow(/FIREBASE_STORAGE_EMULATOR_HOST/)
  })

  it('refuses a whitespace-only emulator host, which the Admin SDK would still use', () => {
    for (const blank of [' ', '\t', '  \n']) {
      expect(() => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: blank })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: is only whitespace/)
      expect(() => loadConfig({ ...productionEnv, FIREBASE_AUTH_EMULATOR_HOST: blank })).toThrow(ConfigError)
      expect(() => loadConfig({ FIREBASE_STORAGE_EMULATOR_HOST: blank })).toThrow(/FIREBASE_STORAGE_EMULATOR_HOST: is only whitespace/)
    }
    expect(() => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099' })).toThrow(/host:port/)
    // Empty is unset for the SDK too.
    expect(loadConfig({ ...productionEnv, FIREBASE_AUTH_EMULATOR_HOST: '' }).firebase.authEmulatorHost).toBeNull()
  })

  it('reads every setting in one schema: generation and ffmpeg included', () => {
    const config = loadConfig({ GENERATION_PROVIDER: 'fal', FAL_KEY: 'k', FFMPEG_PATH: ' /usr/bin/ffmpeg ', LOCAL_RENDER_CONCURRENCY: '2' })
    expect(config.generation).toMatchObject({ provider: 'fal', local: { concurrency: 2 }, ffmpegPath: '/usr/bin/ffmpeg', pollIntervalMs: 3000 })
    expect(() => loadConfig({ GENERATION_PROVIDER: 'fal' })).toThrow(/FAL_KEY/)
    expect(() => loadConfig({ PORT: 'x', LOCAL_RENDER_CONCURRENCY: '9', MEDIA_LINK_TTL_SECONDS: '1', RETENTION_SUPPORT_MONTHS: '0' })).toThrow(
      /PORT[\s\S]*LOCAL_RENDER_CONCURRENCY[\s\S]*MEDIA_LINK_TTL_SECONDS[\s\S]*RETENTION_SUPPORT_MONTHS/,
    )
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
    const { privacy } = loadConfig({
      RETENTION_SUPPORT_MONTHS: '6',
      RETENTION_UNUSED_UPLOAD_DAYS: '3',
      ACCOUNT_DELETION_DAYS: '14',
      SUPPORT_EMAIL: 'help@example.test',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    })
    expect(privacy.retention).toEqual({ supportMonths: 6, unusedUploadDays: 3, accountDeletionDays: 14 })
    expect(privacy).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:2525', supportEmail: 'help@example.test', mailFrom: 'help@example.test' })
    expect(() => loadConfig({ RETENTION_SUPPORT_MONTHS: '0' })).toThrow(/RETENTION_SUPPORT_MONTHS/)
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/)
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/)
  })

  it('refuses production without SMTP, whose messages would reach nobody', () => {
    expect(() => loadConfig({ ...productionEnv, SMTP_URL: undefined })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ ...productionEnv, SMTP_URL: ' ' })).toThrow(/SMTP_URL/)
    expect(loadConfig(productionEnv).privacy.smtpUrl).toBe(productionEnv.SMTP_URL)
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
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://actorly.example', FAL_WEBHOOK_URL: 'https://hooks.example/fal' }).falWebhook.url).toBe(
      'https://hooks.example/fal',
    )
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://actorly.example', FAL_WEBHOOK_URL: 'off' }).falWebhook.url).toBeNull()
  })

  it('turns push on with a pair made in the data folder outside production, and refuses production without a configured pair', () => {
    expect(loadConfig({}).push).toEqual({
      enabled: true,
      vapid: null,
      subject: 'mailto:push@actorly.invalid',
      endpointHosts: DEFAULT_PUSH_ENDPOINT_HOSTS,
      subscribeLimit: { burst: 10, refillSeconds: 60 },
    })
    expect(loadConfig({ PUSH_NOTIFICATIONS: 'off' }).push).toEqual({ enabled: false })
    expect(loadConfig(productionEnv).push).toEqual({
      enabled: true,
      vapid: { publicKey: vapidEnv.VAPID_PUBLIC_KEY, privateKey: vapidEnv.VAPID_PRIVATE_KEY },
      subject: 'https://actorly.example',
      endpointHosts: DEFAULT_PUSH_ENDPOINT_HOSTS,
      subscribeLimit: { burst: 10, refillSeconds: 60 },
    })
    expect(() => loadConfig({ ...productionEnv, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' })).toThrow(/needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/)
    expect(() => loadConfig({ ...productionEnv, PUBLIC_ORIGIN: '' })).toThrow(/VAPID_SUBJECT/)
    expect(loadConfig({ ...productionEnv, PUBLIC_ORIGIN: '', VAPID_SUBJECT: 'mailto:ops@actorly.example' }).push).toMatchObject({
      subject: 'mailto:ops@actorly.example',
    })
    expect(loadConfig({ ...productionEnv, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', PUSH_NOTIFICATIONS: 'off' }).push).toEqual({ enabled: false })
  })

  it('allows push endpoints on the browsers’ push services by default, or on the configured hosts, and refuses a list entry that is no host', () => {
    expect(DEFAULT_PUSH_ENDPOINT_HOSTS).toEqual([
      'fcm.googleapis.com',
      'android.googleapis.com',
      'updates.push.services.mozilla.com',
      'push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ])
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: ' FCM.googleapis.com, *.push.example.net,127.0.0.1 , [::1]' }).push).toMatchObject({
      endpointHosts: ['fcm.googleapis.com', '*.push.example.net', '127.0.0.1', '[::1]'],
    })
    for (const bad of ['https://fcm.googleapis.com', 'fcm.googleapis.com:443', 'fcm.googleapis.com/wp', '*', '*.', 'a,,b'])
      expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: bad })).toThrow(/PUSH_ENDPOINT_HOSTS/)
  })

  it('refuses half a VAPID pair, a pair that does not belong together and a subject that is no contact', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: vapidEnv.VAPID_PUBLIC_KEY })).toThrow(/set both or neither/)
    const other = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
    expect(() => loadConfig({ ...vapidEnv, VAPID_PUBLIC_KEY: other })).toThrow(/not the public key of VAPID_PRIVATE_KEY/)
    expect(() => loadConfig({ ...vapidEnv, VAPID_PRIVATE_KEY: 'short' })).toThrow(/not a P-256 private key/)
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://actorly.example' })).toThrow(/VAPID_SUBJECT/)
  })

  it('refuses a lease too short to renew and a webhook URL that is not one', () => {
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '1' })).toThrow(/JOB_LEASE_SECONDS/)
    expect(() => loadConfig({ FAL_WEBHOOK_URL: 'ftp://x' })).toThrow(/FAL_WEBHOOK_URL/)
  })
})

const runServer = (env: Record<string, string>) =>
  spawnSync(process.execPath, [path.resolve('server/main.ts')], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 30_000 })

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

  it('exits 78 for a whitespace-only auth emulator host and for the local renderer in production', () => {
    const blank = runServer({ ...productionEnv, FIREBASE_AUTH_EMULATOR_HOST: ' ' })
    expect(blank.status).toBe(78)
    expect(blank.stderr).toMatch(/FIREBASE_AUTH_EMULATOR_HOST: is only whitespace/)
    const local = runServer({ ...productionEnv, GENERATION_PROVIDER: 'local' })
    expect(local.status).toBe(78)
    expect(local.stderr).toMatch(/GENERATION_PROVIDER=fal/)
    const noMail = runServer({ ...productionEnv, SMTP_URL: '' })
    expect(noMail.status).toBe(78)
    expect(noMail.stderr).toMatch(/needs SMTP_URL/)
  })
})
