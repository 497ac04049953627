import { startFakeFalServer, type FakeFalScript, type FakeFalServer } from '../providers/fal/testing/fake-fal-server.ts'
import { createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { createGenerationTestApp, type GenerationTestApp } from './generation-app.ts'
import { createTestServer, type TestDatabaseKind, type TestServer } from './harness.ts'
import { startStripeFake, type StripeFake } from './stripe-fake.ts'

// The stacks server tests stand on, each made one way (./fixtures.ts hands
// them out): a test server with Stripe configured against the Stripe fake,
// and a test server with the fake fal queue, real media files and an instance
// whose provider is fal.

/** The fake fal queue's key (FAL_KEY of the instances that use it). */
export const FAKE_FAL_KEY = 'fake-key:secret'
export const STRIPE_WEBHOOK_SECRET = 'whsec_stack_test'

export interface StripeServer {
  server: TestServer
  stripe: StripeFake
  /** Stripe's webhook secret as configured (STRIPE_WEBHOOK_SECRET): sign events with it. */
  webhookSecret: string
  /** Delivers a signed event to the webhook as Stripe does. */
  deliver(event: { payload: string; signature: string }): Promise<Response>
  close(): Promise<void>
}

export async function startStripeServer(database: TestDatabaseKind, env: Record<string, string> = {}): Promise<StripeServer> {
  const stripe = await startStripeFake()
  const server = await createTestServer({
    database,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: 'price_starter',
      STRIPE_PRICE_CREATOR: 'price_creator',
      STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
      STRIPE_API_BASE: stripe.url,
      ...env,
    },
  })
  return {
    server,
    stripe,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    deliver: (event) =>
      server.request('/api/payment/v1/webhook', { body: event.payload, headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' } }),
    async close() {
      await server.close()
      await stripe.close()
    },
  }
}

export interface FalQueueOptions {
  /** The fake's text-to-speech answers are the fixtures' tone (otherwise the video, which fails as audio). */
  speech?: boolean
  defaultScript?: FakeFalScript
}

/** A test server, the fake fal queue and real media files; the test starts its instances (falEnv). */
export interface FalQueue {
  server: TestServer
  fake: FakeFalServer
  fixtures: MediaFixtures
  close(): Promise<void>
}

/** A FalQueue with an instance (and its worker) whose provider is the fake queue. */
export interface FalStack extends FalQueue {
  fal: GenerationTestApp
}

/** The settings that send an instance's jobs to the fake fal queue. */
export const falEnv = (fake: FakeFalServer): Record<string, string> => ({ GENERATION_PROVIDER: 'fal', FAL_KEY: FAKE_FAL_KEY, FAL_QUEUE_URL: fake.url })

export async function startFalQueue(database: TestDatabaseKind, options: FalQueueOptions = {}): Promise<FalQueue> {
  const fixtures = await createMediaFixtures()
  const fake = await startFakeFalServer({
    credentials: FAKE_FAL_KEY,
    videoFile: fixtures.portraitVideoFile,
    ...(options.speech === true ? { audioFile: fixtures.audioFile } : {}),
    ...(options.defaultScript === undefined ? {} : { defaultScript: options.defaultScript }),
  })
  const server = await createTestServer({ database })
  return {
    server,
    fake,
    fixtures,
    async close() {
      await server.close()
      await fake.close()
      await fixtures.remove()
    },
  }
}

export async function startFalStack(database: TestDatabaseKind, options: FalQueueOptions = {}): Promise<FalStack> {
  const queue = await startFalQueue(database, options)
  const fal = await createGenerationTestApp(queue.server, { env: falEnv(queue.fake) })
  return {
    ...queue,
    fal,
    async close() {
      await fal.close()
      await queue.close()
    },
  }
}
