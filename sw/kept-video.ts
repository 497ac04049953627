/// <reference lib="webworker" />
// Kept videos (issue 6 §2; architecture "The PWA": the worker "serves saved videos
// out of IndexedDB with range support so <video> can seek offline"). A request
// for a kept video is answered from the device first, online or not
// (docs/decisions/0170): media names never change, so the kept bytes are the
// server's bytes, and the device is faster than any network. Anything not kept
// goes to the network untouched and is not cached.
import { registerRoute } from 'workbox-routing'
import { deviceDb, type KeptVideo } from '@/db/device-db'
import { keptVideoResponse } from './kept-video-response'
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

export function routeKeptVideos(): void {
  registerRoute(
    ({ request, url }) => mayBeKeptVideo(request, url, self.location.origin),
    async ({ request, url }) => {
      const kept = await findKeptVideo(url)
      return kept === undefined ? fetch(request) : keptVideoResponse(kept, request.headers.get('Range'))
    },
  )
}
