/// <reference lib="webworker" />
// Kept videos (spec §2 Download; the worker "serves saved videos out of IndexedDB
// with range support so <video> can seek offline"). A request for a kept video
// is answered from the device first, online or not (docs/decisions/0170): media
// names never change, so the kept bytes are the server's bytes, and the device
// is faster than any network. So is a kept video's poster frame (decision 0165).
// Anything not kept goes to the network untouched and is not cached.
import { registerRoute } from 'workbox-routing'
import type { KeptVideo } from '@/device/device-db'
import { findKeptPoster, findKeptVideo, readKeptChunk } from '@/device/kept-media'
import { type KeptBytes, keptVideoResponse } from './kept-video-response'
import { keptVideoKeys, mayBeKeptVideo } from './request-policy'

declare const self: ServiceWorkerGlobalScope

/** Where the row's bytes are: its chunks (decision 0241), or the Blob of a row kept before them. */
function bytesOf(kept: KeptVideo): KeptBytes {
  if (kept.blob !== undefined) return { type: kept.type, size: kept.size, blob: kept.blob }
  return {
    type: kept.type,
    size: kept.size,
    chunkSize: kept.chunkSize,
    readChunk: (index) => readKeptChunk(kept, index),
  }
}

/** A kept video's poster frame (docs/decisions/0165), so its gallery tile shows offline; any user's, as for videos. */
async function keptPosterBytes(identities: readonly string[]): Promise<KeptBytes | undefined> {
  const poster = await findKeptPoster(identities)
  if (poster === undefined) return undefined
  return { type: poster.type, size: poster.bytes.byteLength, blob: new Blob([poster.bytes], { type: poster.type }) }
}

export function routeKeptVideos(): void {
  registerRoute(
    ({ request, url }) => mayBeKeptVideo(request, url, self.location.origin),
    async ({ request, url }) => {
      // A link's expiry does not reach into the device (docs/decisions/0221): kept media are found by their identity.
      const identities = keptVideoKeys(url, self.location.origin)
      const kept = await findKeptVideo(identities)
      if (kept !== undefined) return keptVideoResponse(bytesOf(kept), request.headers.get('Range'))
      const poster = request.destination === 'image' || request.destination === '' ? await keptPosterBytes(identities) : undefined
      return poster === undefined ? fetch(request) : keptVideoResponse(poster, request.headers.get('Range'))
    },
  )
}
