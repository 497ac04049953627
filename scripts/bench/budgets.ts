// The performance budgets of docs/quality.md (method: decision 0205): what a phone gets
// from the real server, Lighthouse 13 default mobile, median of 5 runs.
// Bytes are decimal kilobytes/megabytes, as the bench table prints them.

export type LighthouseBudget = {
  /** Category scores, 0-100; a category left out is reported without a budget. */
  scores: Partial<Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>>
  lcpMs?: number
  tbtMs?: number
  cls?: number
}

const appRoute: LighthouseBudget = { scores: { performance: 95 }, lcpMs: 2000, cls: 0.02 }

/** Lighthouse mobile per page; pages not listed are reported for information. */
const lighthouse: Readonly<Record<string, LighthouseBudget>> = {
  '/': { scores: { performance: 97, accessibility: 100, 'best-practices': 100, seo: 100 }, lcpMs: 1500, tbtMs: 100, cls: 0.02 },
  '/ugc-actor': appRoute,
  '/gallery': appRoute,
  '/purchase': appRoute,
}

export const budgets = {
  /** All the JS the real server sends for a first visit of `/` until the network is idle (bytes on the wire). */
  landingJsWireBytes: 80_000,
  /** JS the real server sends for an app route before interaction. */
  appRouteJsWireBytes: 180_000,
  /** The routes held to appRouteJsWireBytes; the others are reported for information. */
  appRoutes: ['/ugc-actor', '/gallery', '/purchase'],
  /** The service worker's precache (shell, no videos) as the server sends it, compressed; no file twice. */
  precacheCompressedBytes: 1_000_000,
  lighthouse,
  /** An app screen's first contentful paint to the app having taken it over, on the slow phone (slow-phone.ts); taps meanwhile are held. */
  paintToLiveMs: 500,
  /** Offline reload of /gallery to the first card, service worker active, network off, 4× CPU throttle. */
  galleryOfflineReloadMs: 500,
  /** API status poll, p99 at 200 concurrent pollers, on this 2-core machine. */
  statusPollP99Ms: 50,
  /** server/main.ts from spawn to a healthy /api/health. */
  serverBootMs: 600,
} as const
