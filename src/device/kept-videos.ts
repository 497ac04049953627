import { type ChunkedKeptVideo, deviceDb, type KeptPoster, type KeptVideoChunk } from './device-db'
import { captionRows, fetchPoster, posterRow, postersOf } from './kept-posters'
import { KEPT_VIDEO_CHUNK_BYTES, splitIntoChunks } from './kept-video-chunks'
import { mediaIdentity } from './media-identity'
import { requestPersistentStorage, storageEstimate } from './storage'

// Videos kept on this device (design card: "downloaded videos in IndexedDB via
// Dexie"; spec §2 Download). MIME type and size live in deviceDb.keptVideos, keyed
// by the owner's uid and the video's identity (its link without the signature,
// ./media-identity.ts), the bytes as ArrayBuffer chunks in deviceDb.keptVideoChunks
// (docs/decisions/0241: WebKit refuses Blobs in private and automated sessions);
// the service worker (sw/kept-video.ts) answers that URL from there, so a kept
// video plays and seeks offline. Storage errors become a typed result the UI
// explains (KeepFailureMessage), never a crash.

export interface KeepRequest {
  /** Firebase uid of the owner: every row is per user (docs/decisions/0171). */
  uid: string
  /** The video's URL as the server gave it (a signed link is fetched as is, kept by its identity). */
  videoUrl: string
  videoId: string
  /** The bytes when the caller already has them; otherwise they are fetched from videoUrl. */
  blob?: Blob
  /** The video's poster frame (docs/decisions/0165), kept with it when it can be fetched. */
  posterUrl?: string | null
  /** A captioned video's .vtt and .srt links, kept with it when they can be fetched. */
  captionUrls?: readonly string[]
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

/** Every chunk of one kept video, or of all of one user's videos when `videoUrl` is left out. */
export function chunksOf(uid: string, videoUrl?: string) {
  // IndexedDB orders a shorter array first and any array after strings and numbers.
  const prefix = videoUrl === undefined ? [uid] : [uid, videoUrl]
  return deviceDb.keptVideoChunks.where('[uid+videoUrl+index]').between(prefix, [...prefix, []], true, false)
}

/** Writes a video's row, its chunks and its poster and caption files together, replacing an earlier copy: all of it is kept, or nothing. */
export async function storeKeptVideo(row: ChunkedKeptVideo, bytes: ArrayBuffer, beside: readonly KeptPoster[] = []): Promise<void> {
  const chunks: KeptVideoChunk[] = splitIntoChunks(bytes, row.chunkSize).map((chunk, index) => ({ uid: row.uid, videoUrl: row.videoUrl, index, bytes: chunk }))
  await deviceDb.transaction('rw', deviceDb.keptVideos, deviceDb.keptVideoChunks, deviceDb.keptPosters, async () => {
    await chunksOf(row.uid, row.videoUrl).delete()
    await deviceDb.keptVideoChunks.bulkPut(chunks)
    await deviceDb.keptVideos.put(row)
    if (beside.length > 0) await deviceDb.keptPosters.bulkPut(beside)
  })
}

/** Keeps a video on this device; after the first success, asks the browser not to evict it. */
export async function keepVideo({ uid, videoUrl, videoId, blob, posterUrl, captionUrls = [] }: KeepRequest): Promise<KeepResult> {
  const [file, poster, captions] = await Promise.all([blob ?? fetchVideo(videoUrl), fetchPoster(posterUrl), captionRows(uid, videoUrl, captionUrls)])
  if (file === null) return { ok: false, reason: 'network' }
  const estimate = await storageEstimate()
  // Writing a video that cannot fit fails late and slowly in some browsers: refuse it up front.
  if (estimate !== null && estimate.quota - estimate.usage < file.size) return { ok: false, reason: 'quota' }
  try {
    const bytes = await file.arrayBuffer()
    const chunkCount = Math.ceil(bytes.byteLength / KEPT_VIDEO_CHUNK_BYTES)
    const row = {
      uid,
      videoUrl: mediaIdentity(videoUrl),
      videoId,
      type: file.type || FALLBACK_TYPE,
      size: bytes.byteLength,
      savedAt: Date.now(),
      chunkSize: KEPT_VIDEO_CHUNK_BYTES,
      chunkCount,
    }
    const posters = poster === null || !posterUrl ? [] : [posterRow(uid, videoUrl, posterUrl, poster)]
    await storeKeptVideo(row, bytes, [...posters, ...captions])
  } catch (error) {
    return { ok: false, reason: isQuotaError(error) ? 'quota' : 'storage' }
  }
  void requestPersistentStorage()
  return { ok: true, size: file.size }
}

/** A kept video as a file again: its bytes in one Blob of its type. */
export interface KeptVideoFile {
  videoId: string
  blob: Blob
  size: number
}

/** The kept copy of a video, or null (also when IndexedDB cannot be read or a chunk is missing). */
export async function readKeptVideo(uid: string, videoUrl: string): Promise<KeptVideoFile | null> {
  try {
    const identity = mediaIdentity(videoUrl)
    const row = await deviceDb.keptVideos.get([uid, identity])
    if (row === undefined) return null
    if (row.blob !== undefined) return { videoId: row.videoId, blob: row.blob, size: row.size }
    const chunks = await chunksOf(uid, identity).toArray()
    if (chunks.length !== row.chunkCount) return null
    return {
      videoId: row.videoId,
      blob: new Blob(
        chunks.map((chunk) => chunk.bytes),
        { type: row.type },
      ),
      size: row.size,
    }
  } catch {
    return null
  }
}

/** Takes one kept video off this device. */
export async function removeKeptVideo(uid: string, videoUrl: string): Promise<void> {
  const identity = mediaIdentity(videoUrl)
  await deviceDb.transaction('rw', deviceDb.keptVideos, deviceDb.keptVideoChunks, deviceDb.keptPosters, async () => {
    await chunksOf(uid, identity).delete()
    await postersOf(uid, identity).delete()
    await deviceDb.keptVideos.delete([uid, identity])
  })
}

/** Takes every video `uid` kept off this device (sign-out's "Remove"); returns how many. */
export async function removeAllKeptVideos(uid: string): Promise<number> {
  return deviceDb.transaction('rw', deviceDb.keptVideos, deviceDb.keptVideoChunks, deviceDb.keptPosters, async () => {
    await chunksOf(uid).delete()
    await postersOf(uid).delete()
    return deviceDb.keptVideos.where('uid').equals(uid).delete()
  })
}

/** How many videos `uid` keeps here (sign-out asks only when there are some). */
export async function countKeptVideos(uid: string): Promise<number> {
  try {
    return await deviceDb.keptVideos.where('uid').equals(uid).count()
  } catch {
    return 0
  }
}
