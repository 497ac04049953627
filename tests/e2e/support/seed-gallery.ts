import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { type APIRequestContext, expect } from '@playwright/test'
import { baseURL } from '../../../playwright.config.ts'
import { e2ePorts } from '../../../scripts/e2e-env.ts'
import { openDatabase } from '../../../server/db/database.ts'
import type { VIDEO_GENERATION_KINDS } from '../../../server/db/schema-generations.ts'
import { completeJob, insertJob } from '../../../server/domain/generations-jobs.ts'
import type { JobParams } from '../../../server/domain/generations-params.ts'
import { recordMedia } from '../../../server/media/catalog.ts'
import { mediaRef } from '../../../server/media/keys.ts'
import { storedTypeByExt } from '../../../server/media/media-types.ts'
import { createDiskMediaStore } from '../../../server/media/store.ts'
import { takePosterFrame } from '../../../server/render/poster-frame.ts'
import { saveUserResponseSchema } from '../../../contract/users.ts'
import type { EmulatorAccount } from './accounts.ts'

// Finished generations written straight into the e2e server's database and
// media store (scripts/e2e-env.ts dataDir), through the server's own job
// functions: rendering 75 clips with the local renderer would take minutes.
// Each item gets its own copy of a small sample MP4, so every item has its own
// URL (kept videos are keyed by URL) and plays for real, and its own copy of
// the poster frame the server's own code takes of that MP4 (docs/decisions/0163).

const root = path.resolve(import.meta.dirname, '../../..')
const { dataDir } = e2ePorts(process.env, root)
type GenerationKind = (typeof VIDEO_GENERATION_KINDS)[number]
const KINDS: readonly GenerationKind[] = ['ugc', 'lipsync', 'consistent']
const SAMPLE_MP4 = path.join(root, 'public/samples/app-walkthrough.mp4')

export interface SeededItem {
  id: string
  kind: GenerationKind
  prompt: string
  /**
   * The video's identity: its link without the signature, as a kept copy is
   * recorded (src/device/media-identity.ts). The gallery shows it as a signed
   * link to this path.
   */
  outputUrl: string
  /** The poster frame's identity, as outputUrl; null when seeded without one. */
  posterUrl: string | null
}

/** The poster frame of the sample MP4, taken once per run with the server's own code. */
let samplePoster: Promise<{ bytes: Buffer; durationMs: number | null }> | null = null
function posterOfSample(): Promise<{ bytes: Buffer; durationMs: number | null }> {
  samplePoster ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'actorly-e2e-poster-'))
    try {
      const file = path.join(dir, 'poster.jpg')
      const frame = await takePosterFrame(SAMPLE_MP4, file)
      return { bytes: await readFile(file), durationMs: frame.videoSeconds === null ? null : Math.round(frame.videoSeconds * 1000) }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })()
  return samplePoster
}

/** A gallery video's link without its signature (what seeded items and kept rows compare by). */
export function withoutSignature(url: string | null): string {
  if (url === null) return ''
  const parsed = new URL(url, baseURL)
  return `${parsed.origin}${parsed.pathname}`
}

/** The signed-in user's record _id (spec §3), saving the record the way the app does after sign-in. */
export async function userRecordId(request: APIRequestContext, account: Pick<EmulatorAccount, 'email' | 'idToken'>): Promise<string> {
  const saved = await request.post('/api/users/v1', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { email: account.email, name: 'Gallery Tester' },
  })
  expect(saved.ok()).toBe(true)
  const { user } = saveUserResponseSchema.parse(await saved.json())
  if (user === null) throw new Error('the server saved no user record')
  return user._id
}

/** The prompt a seeded item gets: number 1 is the oldest, so the newest (highest) comes first in the gallery. */
export function seededPrompt(kind: GenerationKind, index: number): string {
  return kind === 'lipsync' ? '' : `Seeded ${kind} video ${index}`
}

function paramsFor(kind: GenerationKind, index: number, sampleUrl: string): JobParams {
  // The local renderer's real output format (decision 0077): portrait 1080p for every kind.
  const settings = { seed: index, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' }
  const prompt = seededPrompt(kind, index)
  if (kind === 'ugc') return { input: { kind, prompt, seed: index, durationSeconds: 5, enhanced: false }, settings, demo: false }
  if (kind === 'lipsync') {
    return { input: { kind, videoUrl: sampleUrl, audioUrl: sampleUrl, audioSeconds: 5, model: 'lipsync-1.8.0' }, settings, demo: false }
  }
  return { input: { kind, prompt, imageUrl: sampleUrl, durationSeconds: 5 }, settings, demo: false }
}

/**
 * Inserts `count` finished generations of each listed kind for `userId`, one
 * minute apart (oldest first), each with its own stored MP4. A later call for
 * the same user passes `firstIndex` past the earlier items, so its prompts are
 * new and its items are newer.
 */
export async function seedGallery(
  userId: string,
  counts: Partial<Record<GenerationKind, number>>,
  {
    firstIndex = 1,
    posters = true,
    promptOf = seededPrompt,
  }: { firstIndex?: number; posters?: boolean; promptOf?: (kind: GenerationKind, index: number) => string } = {},
): Promise<SeededItem[]> {
  const handle = await openDatabase({ database: { kind: 'sqlite', file: path.join(dataDir, 'actorly.sqlite') } })
  const store = await createDiskMediaStore({ dir: path.join(dataDir, 'media') })
  const mp4 = storedTypeByExt('mp4')
  const jpg = storedTypeByExt('jpg')
  if (mp4 === undefined || jpg === undefined) throw new Error('mp4 and jpg are stored types')
  const bytes = await readFile(SAMPLE_MP4)
  const sample = posters ? await posterOfSample() : null
  const seeded: SeededItem[] = []
  const start = Date.now() - 24 * 60 * 60 * 1000
  try {
    for (const kind of KINDS) {
      for (let index = firstIndex; index < firstIndex + (counts[kind] ?? 0); index += 1) {
        const media = await store.put(Readable.from([bytes]), mp4)
        await recordMedia(handle.db, media, { userId, origin: 'output' })
        const ref = mediaRef(media.key)
        const prompt = promptOf(kind, index)
        const job = await insertJob(handle.db, { userId, provider: 'local', params: paramsFor(kind, index, ref), prompt, costHundredths: 0 })
        let posterRef: string | null = null
        if (sample !== null) {
          const stored = await store.put(Readable.from([sample.bytes]), jpg)
          await recordMedia(handle.db, stored, { userId, origin: 'output' })
          posterRef = mediaRef(stored.key)
        }
        const poster = posterRef === null ? null : { thumbnailUrl: posterRef, durationMs: sample?.durationMs ?? null }
        await completeJob(handle.db, job.id, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl: ref }, { poster })
        const createdAt = new Date(start + (firstIndex + seeded.length) * 60_000).toISOString()
        await handle.db.updateTable('generations').set({ created_at: createdAt }).where('id', '=', job.id).execute()
        seeded.push({
          id: job.id,
          kind,
          prompt,
          outputUrl: new URL(ref, baseURL).href,
          posterUrl: posterRef === null ? null : new URL(posterRef, baseURL).href,
        })
      }
    }
  } finally {
    await handle.destroy()
  }
  return seeded
}
