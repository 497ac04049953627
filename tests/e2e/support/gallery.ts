import { expect, type Download, type Page } from '@playwright/test'
import { type EmulatorAccount, signInThroughUI } from './accounts'
import type { SeededItem } from './seed-gallery'
import { waitForServiceWorkerControl } from './service-worker'

// The gallery as the journeys that keep videos on the device use it: signed
// in with the service worker in control, the UGC tab showing its count.

/** Signs in, waits until the service worker controls the page, and opens the gallery. */
export async function signedInGallery(page: Page, account: EmulatorAccount): Promise<void> {
  await signInThroughUI(page, account)
  await waitForServiceWorkerControl(page)
  await page.goto('/gallery')
  await expect(page.getByRole('tab', { name: /^UGC video \d+$/ })).toBeVisible({ timeout: 20_000 })
}

/** Downloads a card's video from its preview, which keeps it on the device (spec §2, docs/decisions/0170); answers the download. */
export async function keepFromGallery(page: Page, item: SeededItem): Promise<Download> {
  await page.getByRole('button', { name: `Preview: ${item.prompt}` }).click()
  const preview = page.getByRole('dialog')
  const download = page.waitForEvent('download')
  await preview.getByRole('button', { name: 'Download' }).click()
  const downloaded = await download
  await expect(preview.getByText('This video now plays offline too', { exact: false })).toBeVisible()
  await preview.getByRole('button', { name: 'Close' }).click()
  return downloaded
}
