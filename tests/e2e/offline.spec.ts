import { readdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
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

/** Asks for a byte range the way a <video> does, from inside the page (through the worker). */
function fetchRange(page: Page, url: string, range: string) {
  return page.evaluate(
    async ([target, bytes]) => {
      const response = await fetch(target, { headers: { Range: bytes } })
      const body = await response.arrayBuffer()
      return { status: response.status, contentRange: response.headers.get('Content-Range'), length: body.byteLength }
    },
    [url, range] as const,
  )
}

test('a landing sample, once fetched, still answers byte ranges offline', async ({ page, context }) => {
  const sample = readdirSync('public/samples').find((file) => file.endsWith('.mp4'))
  test.skip(!sample, 'no landing samples rendered yet')
  const url = `/samples/${sample}`
  await page.goto('/')
  await waitForServiceWorkerControl(page)

  const online = await fetchRange(page, url, 'bytes=0-99')
  expect(online).toMatchObject({ status: 206, length: 100 })
  expect(online.contentRange).toMatch(/^bytes 0-99\/\d+$/)

  // The worker stores the whole file in the background (waitUntil); wait for it.
  await expect.poll(() => page.evaluate(async (target) => (await caches.match(target)) !== undefined, url)).toBe(true)

  await context.setOffline(true)
  const offline = await fetchRange(page, url, 'bytes=100-299')
  expect(offline).toMatchObject({ status: 206, length: 200 })
  expect(offline.contentRange).toMatch(/^bytes 100-299\/\d+$/)
})
