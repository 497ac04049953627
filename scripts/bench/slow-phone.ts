// The slow phone the first-load budgets are measured on (docs/quality.md "first paint
// to live"): Lighthouse's mobile profile as real throttling in Chromium, through its
// DevTools protocol: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, 4x slower CPU.
// The bench (paint-to-live.ts) and the e2e tests (tests/e2e/early-taps.spec.ts) use it.
import type { Page } from '@playwright/test'

export const SLOW_PHONE = { latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000, cpuSlowdown: 4 } as const

/** Throttles the page's network and CPU, and turns its HTTP cache off: every load is a first visit. */
export async function emulateSlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBitsPerSecond / 8,
    uploadThroughput: SLOW_PHONE.uploadBitsPerSecond / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown })
}
