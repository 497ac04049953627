import { expect, test } from '@playwright/test'
import { waitForServiceWorkerControl } from './support/service-worker'

// Architecture "The PWA": the service worker precaches the shell and the legal
// pages' code, so these screens reopen with the network off.
const offlineScreens = ['/', '/terms', '/privacy', '/demo']

test('the landing, legal and demo screens reload offline after one online visit', async ({ page, context }) => {
  await page.goto('/')
  await waitForServiceWorkerControl(page)
  for (const path of offlineScreens) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }

  await context.setOffline(true)
  for (const path of offlineScreens) {
    await page.goto(path)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 }), `${path} offline`).toBeVisible()
    expect(new URL(page.url()).pathname).toBe(path)
  }
})

test('offline, a navigation to the API is not answered with the app shell', async ({ page, context }) => {
  await page.goto('/')
  await waitForServiceWorkerControl(page)
  await context.setOffline(true)

  // The worker leaves /api to the network, which is down: the browser shows its own error page.
  const response = await page.goto('/api/anything').catch(() => null)
  expect(response?.ok() ?? false).toBe(false)
  await expect(page.locator('#root')).toHaveCount(0)
})
