/// <reference lib="webworker" />
// The landing from the precache, prerendered in the visitor's language (docs/decisions/0201):
// the language the app would choose, read the way the server reads it (the stored
// choice's cookie, else the browser's languages). Where the cookie cannot be read
// here, the browser's languages decide; the page then redraws itself in a stored
// choice that differs, as it does when the server could not know it.
import { matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { detectLocale, LOCALE_COOKIE } from '../contract/locale'
import { isLandingNavigation } from './request-policy'

declare const self: ServiceWorkerGlobalScope

async function storedLocale(): Promise<string | null> {
  // Not every browser gives a service worker the cookie store.
  if (!('cookieStore' in self)) return null
  try {
    return (await self.cookieStore.get(LOCALE_COOKIE))?.value ?? null
  } catch {
    return null
  }
}

/** Registered before the precache's own route, which would answer `/` with the app shell. */
export function routeLanding(): void {
  registerRoute(
    ({ request, url }) => isLandingNavigation(request, url, self.location.origin),
    async ({ request }) => {
      const locale = detectLocale(await storedLocale(), self.navigator.languages)
      return (await matchPrecache(`/pages/${locale}/index.html`)) ?? (await matchPrecache('/index.html')) ?? fetch(request)
    },
  )
}
