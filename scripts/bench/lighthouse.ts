// Lighthouse mobile (its default config: emulated phone, simulated slow 4G) on
// Debian's Chromium against the built app; the median of several runs per page,
// because one run on a shared 2-core machine is noise (quality.md).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { BenchContext, BenchRow, Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'
import { chromiumPath } from './chromium.ts'

/** quality.md: Lighthouse mobile on `/` and `/gallery`; LCP/TBT/CLS on `/`. */
const pages = ['/', '/gallery']
const runsPerPage = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const debuggingPort = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 4215)
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const

type LighthouseRun = {
  scores: Record<(typeof categories)[number], number>
  lcpMs: number
  tbtMs: number
  cls: number
}

async function runOnce(url: string, port: number): Promise<LighthouseRun> {
  // Lighthouse resets the origin's storage and caches before each run.
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: [...categories] })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { categories: found, audits } = result.lhr
  const score = (id: (typeof categories)[number]) => Math.round((found[id]?.score ?? 0) * 100)
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  }
}

/** The run with the median performance score, so its metrics belong together. */
export function medianRun<T extends { scores: { performance: number } }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)
  const median = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!median) throw new Error('no Lighthouse runs')
  return median
}

function rowsFor(path: string, median: LighthouseRun, runs: number): BenchRow[] {
  const label = `Lighthouse mobile ${path} (median of ${runs})`
  const rows: BenchRow[] = categories.map((category) => {
    const budget = budgets.lighthouse[category]
    const value = median.scores[category]
    return { what: `${label}: ${category}`, value: String(value), budget: budget === 100 ? '100' : `>= ${budget}`, pass: value >= budget }
  })
  if (path === '/') {
    rows.push(
      { what: `${label}: LCP`, value: `${(median.lcpMs / 1000).toFixed(2)} s`, budget: `<= ${budgets.lcpMs / 1000} s`, pass: median.lcpMs <= budgets.lcpMs },
      { what: `${label}: TBT`, value: `${Math.round(median.tbtMs)} ms`, budget: `<= ${budgets.tbtMs} ms`, pass: median.tbtMs <= budgets.tbtMs },
      { what: `${label}: CLS`, value: median.cls.toFixed(3), budget: `<= ${budgets.cls}`, pass: median.cls <= budgets.cls },
    )
  }
  return rows
}

async function run({ baseURL }: BenchContext): Promise<BenchRow[]> {
  // One browser for every run: a killed Chromium can hold the fixed port for a moment,
  // and a relaunch would then attach to the dying one.
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    port: debuggingPort,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  })
  try {
    const rows: BenchRow[] = []
    for (const path of pages) {
      const runs: LighthouseRun[] = []
      // Sequential on purpose: parallel runs on 2 cores would measure each other.
      for (let i = 0; i < runsPerPage; i += 1) runs.push(await runOnce(new URL(path, baseURL).href, chrome.port))
      rows.push(...rowsFor(path, medianRun(runs), runs.length))
    }
    return rows
  } finally {
    chrome.kill()
  }
}

export const lighthouseMobile: Measure = { name: 'Lighthouse', run }
