// Runtime cache for the landing samples and demo clips (architecture "The PWA").
// Cache first: the files are public and never change under the same name. A
// <video> asks for byte ranges; the network's partial answers cannot be cached,
// so the worker fetches the whole file once, stores it, and cuts each range out
// of it, online and offline alike.
import type { WorkboxPlugin } from 'workbox-core/types'
import { ExpirationPlugin } from 'workbox-expiration'
import { createPartialResponse } from 'workbox-range-requests'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { isSampleMedia } from './request-policy'

export const sampleMediaCache = 'actorly-samples-v1'

// 16 samples with posters plus the demo clips; a month, then they are fetched again.
const maxEntries = 48
const maxAgeSeconds = 30 * 24 * 60 * 60

/** Fetch the whole file so the cached copy can answer every later range. */
const wholeFileRanges: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => {
    if (!request.headers.has('Range')) return request
    const headers = new Headers(request.headers)
    headers.delete('Range')
    return new Request(request.url, { headers, credentials: 'same-origin' })
  },
  handlerWillRespond: async ({ request, response }) =>
    request.headers.has('Range') && response.status === 200 ? createPartialResponse(request, response) : response,
}

export function routeSampleMedia(): void {
  registerRoute(
    ({ request, url }) => isSampleMedia(request, url, self.location.origin),
    new CacheFirst({
      cacheName: sampleMediaCache,
      plugins: [wholeFileRanges, new ExpirationPlugin({ maxEntries, maxAgeSeconds, purgeOnQuotaError: true })],
    }),
  )
}
