// Device rows of the bench (quality.md "offline reload of /gallery to first card
// <= 500 ms"; issue 6: keeping a 20 MB video, time and peak memory, informative).
// The real product end to end: the bench build served by server/main.ts with
// its own Auth Emulator (the build signs in against BenchContext.authEmulatorPort),
// a seeded gallery, Debian's Chromium as a phone with a real profile (service
// worker, IndexedDB). A person signs in through /auth, opens the gallery, keeps
// the newest (20 MB) video with Download, then reloads the gallery offline.
// Runs in `npm run bench` or alone after a build: see decision 0173.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, devices, type Page } from '@playwright/test'
import { startApiStack } from './api-stack.ts'
import { seedBenchGallery } from './bench-gallery.ts'
import { MB, type BenchContext, type BenchRow, type Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'
import { chromiumFlags, chromiumPath } from './chromium.ts'
import { sampleBrowserMemory, samplePeak } from './process-memory.ts'

const reloads = 5
const bigVideoBytes = 20_000_000
const galleryItems = 12
const FIRST_CARD = '[aria-label^="Preview: "]'

/** Stamps, in every document, when the first gallery card entered the DOM (ms since navigation start). */
function stampFirstCard(selector: string): void {
  new MutationObserver((_, observer) => {
    if (document.querySelector(selector) === null) return
    document.documentElement.dataset.firstCardAt = String(performance.now())
    observer.disconnect()
  }).observe(document, { childList: true, subtree: true })
}

/** Resolves with performance.now() once the device database holds a kept video. */
function whenKept(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('actorly')
    open.addEventListener('error', () => reject(open.error))
    open.addEventListener('success', () => {
      const db = open.result
      const check = () => {
        const count = db.transaction('keptVideos').objectStore('keptVideos').count()
        count.addEventListener('success', () => (count.result > 0 ? resolve(performance.now()) : setTimeout(check, 10)))
        count.addEventListener('error', () => reject(count.error))
      }
      check()
    })
  })
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL('**/ugc-actor**', { timeout: 60_000 })
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
  })
}

/** Keeps the big video through the preview's Download; time from the click to the stored row, and memory meanwhile. */
async function keepBigVideo(page: Page, prompt: string, profileDir: string) {
  await page.getByRole('button', { name: `Preview: ${prompt}` }).click()
  await page.evaluate(() =>
    document.addEventListener('click', () => (document.documentElement.dataset.keepClickAt = String(performance.now())), { capture: true, once: true }),
  )
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const heapNow = async () => (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0
  const heap = await samplePeak(heapNow)
  const memory = await sampleBrowserMemory(profileDir)
  const kept = page.evaluate(whenKept)
  await page.getByRole('dialog').getByRole('button', { name: 'Download' }).click()
  const keptAt = await kept
  const clickAt = Number(await page.evaluate(() => document.documentElement.dataset.keepClickAt))
  const rss = await memory.stop()
  const heapUsed = await heap.stop()
  await cdp.detach()
  return { ms: keptAt - clickAt, rssGrowth: rss.peak - rss.baseline, heapGrowth: heapUsed.peak - heapUsed.baseline }
}

async function offlineReloads(page: Page): Promise<number[]> {
  await page.context().setOffline(true)
  const times: number[] = []
  for (let run = 0; run < reloads; run += 1) {
    await page.reload()
    await page.waitForFunction(() => document.documentElement.dataset.firstCardAt !== undefined, undefined, { timeout: 15_000 })
    times.push(Number(await page.evaluate(() => document.documentElement.dataset.firstCardAt)))
  }
  return times
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

export async function measureOfflineGallery({ distDir, authEmulatorPort }: Pick<BenchContext, 'distDir' | 'authEmulatorPort'>): Promise<BenchRow[]> {
  const stack = await startApiStack({ distDir, emulatorPort: authEmulatorPort })
  const profileDir = await mkdtemp(path.join(tmpdir(), 'actorly-bench-profile-'))
  try {
    const gallery = await seedBenchGallery(stack, galleryItems, bigVideoBytes)
    // A persistent profile: the service worker and IndexedDB behave as on a phone, not as in incognito.
    const context = await chromium.launchPersistentContext(profileDir, {
      ...devices['Pixel 7'],
      executablePath: chromiumPath,
      args: chromiumFlags,
      baseURL: stack.origin,
      acceptDownloads: true,
    })
    try {
      await context.addInitScript(stampFirstCard, FIRST_CARD)
      const page = context.pages()[0] ?? (await context.newPage())
      await signIn(page, gallery.account.email, gallery.account.password)
      await page.goto('/gallery')
      await page.locator(FIRST_CARD).first().waitFor({ timeout: 60_000 })
      const keep = await keepBigVideo(page, gallery.bigVideoPrompt, profileDir)
      const times = await offlineReloads(page)
      const firstCardMs = median(times)
      return [
        {
          what: `Offline reload of /gallery to first card (median of ${reloads})`,
          value: `${Math.round(firstCardMs)} ms (runs ${times.map(Math.round).join(', ')})`,
          budget: `<= ${budgets.galleryOfflineReloadMs} ms`,
          pass: firstCardMs <= budgets.galleryOfflineReloadMs,
        },
        { what: `Keeping a ${MB(bigVideoBytes)} video: Download to kept`, value: `${Math.round(keep.ms)} ms`, budget: '- (informative)', pass: true },
        {
          what: `Keeping a ${MB(bigVideoBytes)} video: peak memory growth`,
          value: `browser RSS +${MB(keep.rssGrowth)}, page JS heap +${MB(keep.heapGrowth)}`,
          budget: '- (informative)',
          pass: true,
        },
      ]
    } finally {
      await context.close()
    }
  } finally {
    await rm(profileDir, { recursive: true, force: true })
    await stack.stop()
  }
}

export const offlineGallery: Measure = { name: 'Offline gallery and kept video', run: measureOfflineGallery }

if (import.meta.main) {
  const { buildApp } = await import('./build.ts')
  const { freePort } = await import('../../server/auth/emulator-process.ts')
  const authEmulatorPort = await freePort()
  const build = await buildApp({ VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authEmulatorPort}` })
  try {
    for (const row of await measureOfflineGallery({ distDir: build.distDir, authEmulatorPort })) {
      process.stdout.write(`${row.what}: ${row.value} (budget ${row.budget}) ${row.pass ? 'pass' : 'over budget'}\n`)
    }
  } finally {
    await build.remove()
  }
}
