// The budgets of /work/shared/design/quality.md "Performance budgets (mobile first)".
// Bytes are decimal kilobytes/megabytes, as the bench table prints them.

export const budgets = {
  /** JS loaded by `/` before interaction, gzip. */
  landingJsGzipBytes: 120_000,
  /** JS for any other route before interaction, gzip. */
  routeJsGzipBytes: 250_000,
  /** The service worker's precache (shell, no videos). */
  precacheBytes: 2_000_000,
  /** Lighthouse mobile scores (0-100). */
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 },
  lcpMs: 2000,
  tbtMs: 100,
  cls: 0.05,
  /** Offline reload of /gallery to the first card, service worker active, network off. */
  galleryOfflineReloadMs: 500,
  /** API status poll, p99 at 200 concurrent pollers, on this 2-core machine. */
  statusPollP99Ms: 50,
} as const
