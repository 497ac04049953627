// A signed-in user with a gallery, for the device measures: finished UGC
// generations written straight into the bench server's database and media store
// through the server's own job functions (as tests/e2e/support/seed-gallery.ts
// does for the end-to-end tests), since rendering them would take minutes.
// The newest item is a video of the asked size (the sample MP4 followed by an
// MP4 `free` box, which players skip), so keeping it moves that many bytes.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { openDatabase } from '../../server/db/database.ts'
import { completeJob, insertJob } from '../../server/domain/generations-jobs.ts'
import { recordMedia } from '../../server/media/catalog.ts'
import { mediaRef } from '../../server/media/keys.ts'
import { storedTypeByExt } from '../../server/media/media-types.ts'
import { createDiskMediaStore } from '../../server/media/store.ts'
import { createEmulatorAccount, type EmulatorAccount } from '../../server/testing/emulator-accounts.ts'
import { saveUserResponseSchema } from '../../contract/users.ts'
import type { ApiStack } from './api-stack.ts'

const root = path.resolve(import.meta.dirname, '../..')
const SAMPLE_MP4 = path.join(root, 'public/samples/app-walkthrough.mp4')

export type BenchGallery = { account: EmulatorAccount; bigVideoPrompt: string; bigVideoBytes: number }

/** The sample MP4 grown to `bytes` with a trailing `free` box (ISO BMFF: 32-bit size, type, payload). */
export function paddedMp4(sample: Uint8Array, bytes: number): Uint8Array {
  const padding = Math.max(8, bytes - sample.length)
  const video = new Uint8Array(sample.length + padding)
  video.set(sample)
  const box = new DataView(video.buffer, sample.length, 8)
  box.setUint32(0, padding)
  video.set(new TextEncoder().encode('free'), sample.length + 4)
  return video
}

async function saveUserRecord(origin: string, account: EmulatorAccount): Promise<string> {
  const response = await fetch(`${origin}/api/users/v1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, name: 'Bench Viewer' }),
  })
  if (!response.ok) throw new Error(`saving the user record answered ${response.status}`)
  const { user } = saveUserResponseSchema.parse(await response.json())
  if (user === null) throw new Error('the server saved no user record')
  return user._id
}

/** A verified user whose UGC gallery holds `count` videos, the newest of `bigVideoBytes`. */
export async function seedBenchGallery(stack: ApiStack, count: number, bigVideoBytes: number): Promise<BenchGallery> {
  const account = await createEmulatorAccount(stack.emulatorHost, { displayName: 'Bench Viewer' })
  const userId = await saveUserRecord(stack.origin, account)
  const handle = await openDatabase({ database: { kind: 'sqlite', file: path.join(stack.dataDir, 'actorly.sqlite') } })
  const store = await createDiskMediaStore({ dir: path.join(stack.dataDir, 'media') })
  const mp4 = storedTypeByExt('mp4')
  if (mp4 === undefined) throw new Error('mp4 is a stored type')
  const sample = new Uint8Array(await readFile(SAMPLE_MP4))
  const start = Date.now() - 24 * 60 * 60 * 1000
  let bigVideoPrompt = ''
  try {
    for (let index = 1; index <= count; index += 1) {
      const big = index === count
      const bytes = big ? paddedMp4(sample, bigVideoBytes) : sample
      const media = await store.put(Readable.from([bytes]), mp4)
      await recordMedia(handle.db, media, { userId, origin: 'output' })
      const prompt = big ? `Bench video ${index} (${Math.round(bigVideoBytes / 1e6)} MB)` : `Bench video ${index}`
      if (big) bigVideoPrompt = prompt
      const settings = { seed: index, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' }
      const params = { input: { kind: 'ugc' as const, prompt, seed: index, durationSeconds: 5, enhanced: false }, settings, demo: false }
      const job = await insertJob(handle.db, { userId, provider: 'local', params, prompt, costHundredths: 0 })
      await completeJob(handle.db, job.id, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl: mediaRef(media.key) })
      await handle.db
        .updateTable('generations')
        .set({ created_at: new Date(start + index * 60_000).toISOString() })
        .where('id', '=', job.id)
        .execute()
    }
  } finally {
    await handle.destroy()
  }
  return { account, bigVideoPrompt, bigVideoBytes }
}
