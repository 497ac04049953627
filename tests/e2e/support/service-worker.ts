import type { Page } from '@playwright/test'

/**
 * Waits until the app's service worker is active and controls the page, which
 * is when the shell is precached and every screen can open offline.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }))
  })
}
