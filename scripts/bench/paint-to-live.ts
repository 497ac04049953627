// First paint to live, per app screen (docs/quality.md, decision 0208): a first visit
// on the slow phone (slow-phone.ts, no service worker) times the first contentful
// paint and the moment the app has taken the screen over (the mark it writes,
// src/boot/prerendered-page.ts). Until then a tap is held, not lost; the budget is
// how long it may be held. Median of five loads per screen, paired runs in one browser.
import { chromium, devices, type Browser } from '@playwright/test'
import { APP_SCREENS } from '../../contract/screens.ts'
import { APP_LIVE_MARK } from '../../src/boot/prerendered-page.ts'
import { type BenchContext, type BenchRow, failedRow, loadNow, type Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'
import { chromiumFlags, chromiumPath } from './chromium.ts'
import { emulateSlowPhone } from './slow-phone.ts'

export type PaintToLive = { fcpMs: number; liveMs: number; gapMs: number }

const runsPerScreen = Number(process.env.BENCH_PAINT_TO_LIVE_RUNS ?? 5)

export async function paintToLive(browser: Browser, url: string): Promise<PaintToLive> {
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    await emulateSlowPhone(page)
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_LIVE_MARK, { timeout: 60_000, polling: 50 })
    const { fcpMs, liveMs } = await page.evaluate((mark) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN
      const live = performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN
      return { fcpMs: fcp, liveMs: live }
    }, APP_LIVE_MARK)
    return { fcpMs, liveMs, gapMs: liveMs - fcpMs }
  } finally {
    await context.close()
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN
const ms = (value: number) => `${Math.round(value)} ms`

async function run({ baseURL }: BenchContext): Promise<BenchRow[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  const rows: BenchRow[] = []
  const budget = `<= ${ms(budgets.paintToLiveMs)}`
  try {
    for (const screen of APP_SCREENS) {
      const what = `First paint to live, slow phone (median of ${runsPerScreen}): ${screen}`
      try {
        const runs: PaintToLive[] = []
        for (let i = 0; i < runsPerScreen; i += 1) runs.push(await paintToLive(browser, new URL(screen, baseURL).href))
        const gap = median(runs.map((one) => one.gapMs))
        const value = `${ms(gap)} (paint ${ms(median(runs.map((one) => one.fcpMs)))}, live ${ms(median(runs.map((one) => one.liveMs)))})`
        rows.push({ what, value, budget, pass: gap <= budgets.paintToLiveMs, load: loadNow() })
      } catch (error) {
        rows.push(failedRow(what, budget, error))
      }
    }
  } finally {
    await browser.close()
  }
  return rows
}

export const paintToLiveMeasure: Measure = { name: 'Paint to live', run }
