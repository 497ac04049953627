/// <reference lib="webworker" />
// Kept videos (spec §2 Download; the worker "serves saved videos out of IndexedDB
// with range support so <video> can seek offline"). A request for a kept video
// is answered from the device first, online or not (docs/decisions/0170): media
// names never change, so the kept bytes are the server's bytes, and the device
// is faster than any network. So is a kept video's poster frame (decision 0165).
// Anything not kept goes to the network untouched and is not cached.
import { registerRoute } from 'workbox-routing'
import { deviceDb, type KeptVideo } from '@/db/device-db'
import { type KeptBytes, keptVideoResponse } from './kept-video-response'
import { keptVideoKeys, mayBeKeptVideo } from './request-policy'

declare const self: ServiceWorkerGlobalScope

/**
 * Any user's kept copy of this media: the bytes are already on this device
 * (sign-out offers to remove them) and the worker does not know who is signed
 * in; a link's expiry does not reach into the device (docs/decisions/0221).
 */
async function findKeptVideo(url: URL): Promise<KeptVideo | undefined> {
  try {
    return await deviceDb.keptVideos.where('videoUrl').anyOf(keptVideoKeys(url, self.location.origin)).first()
  } catch {
    // IndexedDB unavailable or blocked: the network still can answer.
    return undefined
  }
}

/** Where the row's bytes are: its chunks (decision 0241), or the Blob of a row kept before them. */
function bytesOf(kept: KeptVideo): KeptBytes {
  if (kept.blob !== undefined) return { type: kept.type, size: kept.size, blob: kept.blob }
  return {
    type: kept.type,
    size: kept.size,
    chunkSize: kept.chunkSize,
    readChunk: async (index) => (await deviceDb.keptVideoChunks.get([kept.uid, kept.videoUrl, index]))?.bytes,
  }
}

/** A kept video's poster frame (docs/decisions/0165), so its gallery tile shows offline; any user's, as for videos. */
async function findKeptPoster(url: URL): Promise<KeptBytes | undefined> {
  try {
    const poster = await deviceDb.keptPosters.where('posterUrl').anyOf(keptVideoKeys(url, self.location.origin)).first()
    if (poster === undefined) return undefined
    return { type: poster.type, size: poster.bytes.byteLength, blob: new Blob([poster.bytes], { type: poster.type }) }
  } catch {
    return undefined
  }
}

export function routeKeptVideos(): void {
  registerRoute(
    ({ request, url }) => mayBeKeptVideo(request, url, self.location.origin),
    async ({ request, url }) => {
      const kept = await findKeptVideo(url)
      if (kept !== undefined) return keptVideoResponse(bytesOf(kept), request.headers.get('Range'))
      const poster = request.destination === 'image' || request.destination === '' ? await findKeptPoster(url) : undefined
      return poster === undefined ? fetch(request) : keptVideoResponse(poster, request.headers.get('Range'))
    },
  )
}
