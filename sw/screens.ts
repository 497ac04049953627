/// <reference lib="webworker" />
// Navigations to the app's screens, answered from the precache: the build's page for
// the screen in the visitor's language (every screen prerendered: docs/decisions/0201,
// 0202, 0207), else the plain app shell.
// The language is the one the app would choose, read the way the server reads it (the
// stored choice's cookie, else the browser's languages). Where the worker cannot read
// the cookie, the browser's languages decide; the landing then redraws itself in a
// stored choice that differs, as it does when the server could not know it.
import { matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { detectLocale, LOCALE_COOKIE } from '../contract/locale'
import { screenPage, servesShell } from './request-policy'

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

/** Registered before the precache's own route, which would answer `/` with the plain shell. */
export function routeScreens(): void {
  registerRoute(
    ({ request, url }) => servesShell(request, url, self.location.origin),
    async ({ request, url }) => {
      const locale = detectLocale(await storedLocale(), self.navigator.languages)
      const page = screenPage(url.pathname, locale)
      return (page === null ? undefined : await matchPrecache(page)) ?? (await matchPrecache('/index.html')) ?? fetch(request)
    },
  )
}
