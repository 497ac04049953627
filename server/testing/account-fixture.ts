import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from 'vitest'
import { completeJob, insertJob } from '../domain/generations-jobs.ts'
import { recordJobOutput } from '../media/catalog.ts'
import { keyOfRef, mediaRef } from '../media/keys.ts'
import { storedTypeByExt } from '../media/media-types.ts'
import { savePushSubscription } from '../push/subscriptions.ts'
import type { MediaFixtures } from '../providers/testing/fixtures.ts'
import { grantCredits, type TestServer, type TestUser } from './harness.ts'

// An account with something of everything, made through the real API where a
// person would (uploads, a purchase, messages, a started generation) and
// through the job functions for a finished video (rendering one takes long),
// kept by reference and recorded as the user's as a finished render is.

export interface PopulatedAccount {
  /** Store keys: the two uploads, then the finished video. */
  mediaKeys: string[]
  /** Signed links to the same objects, as the API handed them out. */
  mediaLinks: string[]
  runningJobId: string
  checkoutSessionId: string
}

async function upload(server: TestServer, user: TestUser, file: string, type: string, preset: 'image' | 'audio'): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(await readFile(file))], { type }), path.basename(file))
  form.append('upload_preset', preset)
  const res = await server.app.request('/api/media/v1/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${user.idToken}` } })
  expect(res.status).toBe(200)
  const { secure_url: url } = (await res.json()) as { secure_url: string }
  return url
}

function keyOf(link: string): string {
  const key = keyOfRef(new URL(link).pathname)
  if (key === null) throw new Error(`Not a media link: ${link}`)
  return key
}

export async function populateAccount(server: TestServer, user: TestUser, fixtures: MediaFixtures): Promise<PopulatedAccount> {
  await grantCredits(server.db, user.id, 10)
  // A phone that asked to be told when a video is ready (nothing listens at this address).
  const push = { endpoint: `http://127.0.0.1:9/push/${user.uid}`, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' }, language: 'en' as const }
  await savePushSubscription(server.db, user.id, push)
  const image = await upload(server, user, fixtures.imageFile, 'image/png', 'image')
  const audio = await upload(server, user, fixtures.audioFile, 'audio/wav', 'audio')

  const checkout = await server.request('/api/payment/v1/create-checkout-session', { token: user.idToken, json: { user: user.email, priceId: 'starter' } })
  const { id: checkoutSessionId } = (await checkout.json()) as { id: string }
  expect((await server.request(`/checkout/${checkoutSessionId}/pay`, { method: 'POST' })).status).toBe(303)

  const mp4 = storedTypeByExt('mp4')
  if (mp4 === undefined) throw new Error('mp4 is not a stored type')
  const stored = await server.mediaStore.put(createReadStream(fixtures.videoFile), mp4)
  const settings = { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' }
  const finished = await insertJob(server.db, {
    userId: user.id,
    provider: 'local',
    params: { input: { kind: 'consistent', prompt: 'A finished video', imageUrl: mediaRef(keyOf(image)), durationSeconds: 5 }, settings, demo: false },
    prompt: 'A finished video',
    costHundredths: 0,
  })
  await recordJobOutput(server.db, stored, finished.id)
  await completeJob(server.db, finished.id, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl: mediaRef(stored.key) })

  const sent = [
    server.request('/api/messages/v1/new', {
      token: user.idToken,
      json: { userId: user.uid, type: 'contact', subject: 'Signed in', message: 'From my account' },
    }),
    server.request('/api/messages/v1/new', { json: { userId: null, email: user.email, type: 'contact', message: 'Sent signed out from my address' } }),
    server.request('/api/bug-reports/v1/new', { token: user.idToken, json: { userId: user.uid, userEmail: user.email, message: 'A bug', attachment: null } }),
  ]
  for (const res of await Promise.all(sent)) expect(res.status).toBe(200)

  const started = await server.request('/api/fal/v1/generate', {
    token: user.idToken,
    json: { prompt: 'Still rendering', pro_mode: false, aspect_ratio: '9:16', resolution: '1080p', duration: 10, user_email: user.email, user_id: user.id },
  })
  expect(started.status).toBe(200)
  const { requestId: runningJobId } = (await started.json()) as { requestId: string }
  const videoLink = server.mediaLinks.sign(stored.key)
  return { mediaKeys: [keyOf(image), keyOf(audio), stored.key], mediaLinks: [image, audio, videoLink], runningJobId, checkoutSessionId }
}
