import { liveQuery } from 'dexie'
import { useEffect, useState } from 'react'
import { deviceDb, type KeptVideo } from '@/db/device-db'
import { KeptVideoUrls, mediaIdentity } from './media-identity'
import { requestPersistentStorage, storageEstimate } from './storage'

// Videos kept on this device (design card: "downloaded videos in IndexedDB via
// Dexie"; issue 6 §2). The bytes, MIME type and size live in deviceDb.keptVideos,
// keyed by the owner's uid and the video's identity (its link without the
// signature, ./media-identity.ts); the service worker (sw/kept-video.ts)
// answers that URL from here, so a kept video plays and seeks offline. Storage
// errors become a typed result the UI explains (KeepFailureMessage), never a crash.

export { storageEstimate } from './storage'

export interface KeepRequest {
  /** Firebase uid of the owner: every row is per user (issue 6 §5). */
  uid: string
  /** The video's URL as the server gave it (a signed link is fetched as is, kept by its identity). */
  videoUrl: string
  videoId: string
  /** The bytes when the caller already has them; otherwise they are fetched from videoUrl. */
  blob?: Blob
}

/** Why a video could not be kept: no room left, no answer from the network, or IndexedDB refused. */
export type KeepFailure = 'quota' | 'network' | 'storage'

export type KeepResult = { ok: true; size: number } | { ok: false; reason: KeepFailure }

const FALLBACK_TYPE = 'video/mp4'

async function fetchVideo(videoUrl: string): Promise<Blob | null> {
  try {
    const response = await fetch(videoUrl)
    return response.ok ? await response.blob() : null
  } catch {
    return null
  }
}

/** A storage error that means "the device is full", however the browser and Dexie wrap it. */
export function isQuotaError(error: unknown): boolean {
  // DOMException is not an Error everywhere, so look at the shape.
  if (typeof error !== 'object' || error === null) return false
  if ('name' in error && error.name === 'QuotaExceededError') return true
  return 'inner' in error && isQuotaError(error.inner)
}

/** Keeps a video on this device; after the first success, asks the browser not to evict it. */
export async function keepVideo({ uid, videoUrl, videoId, blob }: KeepRequest): Promise<KeepResult> {
  const bytes = blob ?? (await fetchVideo(videoUrl))
  if (bytes === null) return { ok: false, reason: 'network' }
  const estimate = await storageEstimate()
  // Writing a video that cannot fit fails late and slowly in some browsers: refuse it up front.
  if (estimate !== null && estimate.quota - estimate.usage < bytes.size) return { ok: false, reason: 'quota' }
  try {
    await deviceDb.keptVideos.put({ uid, videoUrl: mediaIdentity(videoUrl), videoId, blob: bytes, type: bytes.type || FALLBACK_TYPE, size: bytes.size, savedAt: Date.now() })
  } catch (error) {
    return { ok: false, reason: isQuotaError(error) ? 'quota' : 'storage' }
  }
  void requestPersistentStorage()
  return { ok: true, size: bytes.size }
}

/** The kept copy of a video, or null (also when IndexedDB cannot be read). */
export async function readKeptVideo(uid: string, videoUrl: string): Promise<KeptVideo | null> {
  try {
    return (await deviceDb.keptVideos.get([uid, mediaIdentity(videoUrl)])) ?? null
  } catch {
    return null
  }
}

/** Takes one kept video off this device. */
export async function removeKeptVideo(uid: string, videoUrl: string): Promise<void> {
  await deviceDb.keptVideos.delete([uid, mediaIdentity(videoUrl)])
}

/** Takes every video `uid` kept off this device (sign-out's "Remove"); returns how many. */
export async function removeAllKeptVideos(uid: string): Promise<number> {
  return deviceDb.keptVideos.where('uid').equals(uid).delete()
}

/** How many videos `uid` keeps here (sign-out asks only when there are some). */
export async function countKeptVideos(uid: string): Promise<number> {
  try {
    return await deviceDb.keptVideos.where('uid').equals(uid).count()
  } catch {
    return 0
  }
}

export interface KeptVideosOnDevice {
  /** The videos kept, to mark cards and offer removal: `has()` takes any link to a kept video. */
  urls: ReadonlySet<string>
  /** Their bytes together. */
  bytes: number
}

const NOTHING_KEPT: KeptVideosOnDevice = { urls: new KeptVideoUrls(), bytes: 0 }

/** What `uid` keeps on this device, live (a Dexie liveQuery); nothing while signed out. */
export function useKeptVideos(uid: string | null): KeptVideosOnDevice {
  const [kept, setKept] = useState<{ uid: string | null; kept: KeptVideosOnDevice }>({ uid, kept: NOTHING_KEPT })
  useEffect(() => {
    if (uid === null) return
    const subscription = liveQuery(() => deviceDb.keptVideos.where('uid').equals(uid).toArray()).subscribe({
      next: (rows) =>
        setKept({ uid, kept: { urls: new KeptVideoUrls(rows.map((row) => mediaIdentity(row.videoUrl))), bytes: rows.reduce((sum, row) => sum + row.size, 0) } }),
      error: () => setKept({ uid, kept: NOTHING_KEPT }),
    })
    return () => subscription.unsubscribe()
  }, [uid])
  return kept.uid === uid ? kept.kept : NOTHING_KEPT
}
