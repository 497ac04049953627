// Device rows of the bench (budget: offline reload of /gallery to first card
// <= 500 ms with 4× CPU throttle; keeping a 20 MB video, time and peak memory, informative).
// The real product end to end: the bench build served by server/main.ts with
// its Auth Emulator (the build signs in against BenchContext.authEmulatorPort),
// a seeded gallery, Debian's Chromium as a phone with a real profile (service
// worker, IndexedDB). A person signs in through /auth, opens the gallery, keeps
// the newest (20 MB) video with Download, then reloads the gallery offline, first
// at the machine's speed, then with the CPU slowed 4× as Lighthouse slows it for a
// phone. Runs in `npm run bench` or alone: see decisions 0173 and 0205.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, devices, type Page } from '@playwright/test'
import { startApiStack } from './api-stack.ts'
import { seedBenchGallery } from './bench-gallery.ts'
import { infoRow, loadNow, MB, type BenchContext, type BenchRow, type Measure } from './bench-row.ts'
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

/** Offline reloads of the gallery, each timed to its first card; `cpuSlowdown` > 1 throttles the page's CPU as Lighthouse does. */
async function offlineReloads(page: Page, cpuSlowdown: number): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  const times: number[] = []
  try {
    for (let run = 0; run < reloads; run += 1) {
      await page.reload()
      await page.waitForFunction(() => document.documentElement.dataset.firstCardAt !== undefined, undefined, { timeout: 15_000 })
      times.push(Number(await page.evaluate(() => document.documentElement.dataset.firstCardAt)))
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await cdp.detach()
  }
  return times
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

function reloadRow(times: number[], cpuSlowdown: number): BenchRow {
  const firstCardMs = median(times)
  const what = `Offline reload of /gallery to first card, ${cpuSlowdown === 1 ? 'no CPU throttle' : `${cpuSlowdown}× CPU throttle`} (median of ${reloads}; runs ${times.map(Math.round).join(', ')})`
  const value = `${Math.round(firstCardMs)} ms`
  // The budget holds for a slow phone (4× throttle); the unthrottled figure shows the machine's own speed.
  if (cpuSlowdown === 1) return infoRow(what, value)
  return { what, value, budget: `<= ${budgets.galleryOfflineReloadMs} ms`, pass: firstCardMs <= budgets.galleryOfflineReloadMs, load: loadNow() }
}

export async function measureOfflineGallery({ stack }: Pick<BenchContext, 'stack'>): Promise<BenchRow[]> {
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
      await page.context().setOffline(true)
      const plain = await offlineReloads(page, 1)
      const throttled = await offlineReloads(page, 4)
      return [
        reloadRow(throttled, 4),
        reloadRow(plain, 1),
        infoRow(`Keeping a ${MB(bigVideoBytes)} video: Download to kept`, `${Math.round(keep.ms)} ms`),
        infoRow(`Keeping a ${MB(bigVideoBytes)} video: peak memory growth`, `browser RSS +${MB(keep.rssGrowth)}, page JS heap +${MB(keep.heapGrowth)}`),
      ]
    } finally {
      await context.close()
    }
  } finally {
    await rm(profileDir, { recursive: true, force: true })
  }
}

export const offlineGallery: Measure = { name: 'Offline gallery and kept video', run: measureOfflineGallery }

if (import.meta.main) {
  const { buildApp } = await import('./build.ts')
  const { freePort } = await import('../../server/emulators/emulator-process.ts')
  const authEmulatorPort = await freePort()
  const build = await buildApp({ VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authEmulatorPort}` })
  const stack = await startApiStack({ distDir: build.distDir, emulatorPort: authEmulatorPort })
  try {
    for (const row of await measureOfflineGallery({ stack })) {
      process.stdout.write(`${row.what}: ${row.value} (budget ${row.budget}) ${row.pass ? 'pass' : 'over budget'}, load ${row.load}\n`)
    }
  } finally {
    await stack.stop()
    await build.remove()
  }
}
