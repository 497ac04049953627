/// <reference lib="webworker" />
// Files shared to the installed app (docs/decisions/0172): the share
// sheet posts them here; the worker keeps the first audio or video file for the
// lip-sync step and opens it. Nothing goes to Cache Storage.
import { registerRoute } from 'workbox-routing'
import { SHARE_LANDING, SHARED_MEDIA_FIELD, SHARE_TARGET_ACTION } from '@/app/pwa/share-target'
import { storeSharedFile } from '@/device/shared-file'
import { sharedMediaFile } from './request-policy'

declare const self: ServiceWorkerGlobalScope

async function receiveShare(request: Request): Promise<Response> {
  try {
    const file = sharedMediaFile((await request.formData()).getAll(SHARED_MEDIA_FIELD))
    if (file !== null) await storeSharedFile(file)
  } catch {
    // An unreadable post or a full device: the step opens without a file, and the user picks one.
  }
  // 303: the browser follows with a GET, so a reload never posts the share again.
  return Response.redirect(new URL(SHARE_LANDING, self.location.origin).href, 303)
}

export function routeShareTarget(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_ACTION,
    ({ request }) => receiveShare(request),
    'POST',
  )
}
