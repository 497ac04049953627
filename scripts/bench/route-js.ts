// JS each screen loads before the user touches it, gzip (quality.md): every route of
// spec §2 is opened in a fresh Chromium context, as a first-time visitor on a phone,
// and the JavaScript responses it fetched are gzipped here (level 9), so the number
// does not depend on whether the preview server compresses.
import { gzipSync } from 'node:zlib'
import { chromium, devices, type Browser } from '@playwright/test'
import { failedRow, kB, type BenchContext, type BenchRow, type Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'
import { chromiumFlags, chromiumPath } from './chromium.ts'

/** spec §2: every route of the app. */
const routes = ['/', '/auth', '/demo', '/gallery', '/ugc-actor', '/purchase', '/success', '/cancel', '/privacy', '/terms', '/contact', '/report', '/consistent-actor']

async function jsGzipBytes(browser: Browser, url: string): Promise<{ bytes: number; files: number }> {
  // No service worker: the bench measures what the network delivers to a first visit.
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' })
  const page = await context.newPage()
  const scripts = new Map<string, Promise<number>>()
  page.on('response', (response) => {
    const isScript = response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js')
    if (!isScript || scripts.has(response.url())) return
    scripts.set(response.url(), response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0))
  })
  try {
    await page.goto(url, { waitUntil: 'load' })
    // Lazy route chunks and locale catalogs arrive after load; wait for the network to settle.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {})
    const sizes = await Promise.all(scripts.values())
    return { bytes: sizes.reduce((sum, size) => sum + size, 0), files: sizes.length }
  } finally {
    await context.close()
  }
}

async function run({ baseURL }: BenchContext): Promise<BenchRow[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  const rows: BenchRow[] = []
  try {
    for (const route of routes) {
      const budget = route === '/' ? budgets.landingJsGzipBytes : budgets.routeJsGzipBytes
      const what = `JS before interaction, gzip: ${route}`
      try {
        const { bytes, files } = await jsGzipBytes(browser, new URL(route, baseURL).href)
        rows.push({ what, value: `${kB(bytes)} (${files} files)`, budget: `<= ${kB(budget)}`, pass: bytes <= budget })
      } catch (error) {
        rows.push(failedRow(what, `<= ${kB(budget)}`, error))
      }
    }
  } finally {
    await browser.close()
  }
  return rows
}

export const routeJs: Measure = { name: 'JS per route', run }
