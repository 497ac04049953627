import { createECDH } from 'node:crypto'
import { expect } from 'vitest'
import { startResponseSchema } from '../../contract/generations.ts'
import { pushKeySchema } from '../../contract/push.ts'
import type { PushOptions } from '../compose/push.ts'
import type { TestServer, TestUser } from './harness.ts'
import type { FakePushService, FakeSubscription } from '../push/testing/fake-push-service.ts'

// Steps the push tests share: the server's settings for the fake push service,
// a device subscribing through the API, a short clip started.

/**
 * What a test server needs to send to the fake push service, and only that:
 * its host on the endpoint list (configuration, as an operator would list a
 * push service) and the outbound guard's test-only allowances for its loopback
 * address and its certificate (code, never configuration). Production
 * defaults allow neither.
 */
export function fakePushSettings(fake: FakePushService): { env: { PUSH_ENDPOINT_HOSTS: string }; push: PushOptions } {
  return {
    env: { PUSH_ENDPOINT_HOSTS: new URL(fake.origin).hostname },
    push: { outbound: { trustedTestAddresses: [new URL(fake.origin).hostname], testCertificateAuthority: fake.certificate } },
  }
}

/** Subscribes a new device of the fake push service for the user, through PUT /api/push/v1/subscription. */
export async function subscribeDevice(server: TestServer, fake: FakePushService, user: TestUser, language: 'en' | 'de'): Promise<FakeSubscription> {
  const { publicKey } = pushKeySchema.parse(await (await server.request('/api/push/v1/key')).json())
  const device = fake.subscribe(publicKey)
  const res = await server.request('/api/push/v1/subscription', {
    method: 'PUT',
    token: user.idToken,
    json: { endpoint: device.endpoint, keys: device.keys, language },
  })
  expect(res.status).toBe(204)
  return device
}

/** Starts a 1 s clip from the local renderer; answers its request id. */
export async function startClip(server: TestServer, user: TestUser): Promise<string> {
  const res = await server.request('/api/fal/v1/generate', {
    token: user.idToken,
    json: {
      prompt: 'A runner ties her shoes',
      pro_mode: false,
      aspect_ratio: '9:16',
      resolution: '1080p',
      duration: 1,
      user_email: user.email,
      user_id: user.id,
    },
  })
  expect(res.status).toBe(200)
  return startResponseSchema.parse(await res.json()).requestId
}

/** A configured VAPID pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), as production and a cluster set it. */
export function vapidEnv(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys().toString('base64url')
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url') }
}

export const messagesTo = (fake: FakePushService, device: FakeSubscription) => fake.received.filter((push) => push.subscriptionId === device.id)
