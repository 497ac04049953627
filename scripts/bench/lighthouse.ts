// Lighthouse mobile (its default config: emulated phone, simulated slow 4G, 4× CPU)
// on Debian's Chromium against the real server, as a first visit. Five runs per
// page; the run with the median performance score is reported whole, so its
// LCP/TBT/CLS belong together. With BENCH_REFERENCE_URL (reference.ts) a reference
// page is run right after each of ours, and both medians are printed with ratios.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { infoRow, kB, loadNow, type BenchContext, type BenchRow, type Measure } from './bench-row.ts'
import { budgets, type LighthouseBudget } from './budgets.ts'
import { chromiumPath } from './chromium.ts'
import { ratio, referencePages } from './reference.ts'

const pages = ['/', '/ugc-actor', '/gallery', '/purchase', '/demo']
const runsPerPage = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5)
const debuggingPort = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 4215)
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof categories)[number]

export type LighthouseRun = {
  scores: Record<Category, number>
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Script bytes as transferred, from Lighthouse's own network records. */
  scriptBytes: number
  /** The load average when the run ended. */
  load: string
}

async function runOnce(url: string, port: number): Promise<LighthouseRun> {
  // Lighthouse resets the origin's storage and caches before each run: every run is a first visit.
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: [...categories] })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { categories: found, audits } = result.lhr
  const score = (id: Category) => Math.round((found[id]?.score ?? 0) * 100)
  const weight = audits['resource-summary']?.details
  const scripts = weight?.type === 'table' ? weight.items.find((item) => item.resourceType === 'script') : undefined
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    scriptBytes: typeof scripts?.transferSize === 'number' ? scripts.transferSize : Number.NaN,
    load: loadNow(),
  }
}

/** The run with the median performance score, so its metrics belong together. */
export function medianRun<T extends { scores: { performance: number } }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)
  const median = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!median) throw new Error('no Lighthouse runs')
  return median
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const atMost = (value: number | undefined, format: (n: number) => string) => (value === undefined ? undefined : `<= ${format(value)}`)

function rowsFor(label: string, measured: LighthouseRun, budget: LighthouseBudget | undefined): BenchRow[] {
  const row = (what: string, value: string, limit: string | undefined, pass: boolean) =>
    limit === undefined ? infoRow(`${label}: ${what}`, value, measured.load) : { what: `${label}: ${what}`, value, budget: limit, pass, load: measured.load }
  const scoreRows = categories.map((category) => {
    const minimum = budget?.scores[category]
    const limit = minimum === undefined ? undefined : minimum === 100 ? '100' : `>= ${minimum}`
    return row(category, String(measured.scores[category]), limit, minimum === undefined || measured.scores[category] >= minimum)
  })
  return [
    ...scoreRows,
    row('FCP', seconds(measured.fcpMs), undefined, true),
    row('LCP', seconds(measured.lcpMs), atMost(budget?.lcpMs, seconds), budget?.lcpMs === undefined || measured.lcpMs <= budget.lcpMs),
    row(
      'TBT',
      `${Math.round(measured.tbtMs)} ms`,
      atMost(budget?.tbtMs, (ms) => `${ms} ms`),
      budget?.tbtMs === undefined || measured.tbtMs <= budget.tbtMs,
    ),
    row('CLS', measured.cls.toFixed(3), atMost(budget?.cls, String), budget?.cls === undefined || measured.cls <= budget.cls),
    row('JS transferred', kB(measured.scriptBytes), undefined, true),
  ]
}

/** The reference's median next to ours, as ours ÷ reference (interleaved runs, so the machine's load cancels out). */
function comparisonRows(page: string, referenceUrl: string, ours: LighthouseRun, reference: LighthouseRun): BenchRow[] {
  const label = `Reference ${referenceUrl} vs ours ${page}`
  const compare = (what: string, a: number, b: number, format: (n: number) => string) =>
    infoRow(`${label}: ${what} (ours ÷ reference)`, `${format(a)} vs ${format(b)} = ${ratio(a, b)}`, reference.load)
  const score = String
  return [
    compare('performance', ours.scores.performance, reference.scores.performance, score),
    compare('best-practices', ours.scores['best-practices'], reference.scores['best-practices'], score),
    compare('FCP', ours.fcpMs, reference.fcpMs, seconds),
    compare('LCP', ours.lcpMs, reference.lcpMs, seconds),
    compare('TBT', ours.tbtMs, reference.tbtMs, (ms) => `${Math.round(ms)} ms`),
    compare('CLS', ours.cls, reference.cls, (cls) => cls.toFixed(3)),
    compare('JS transferred', ours.scriptBytes, reference.scriptBytes, kB),
  ]
}

async function run({ baseURL }: BenchContext): Promise<BenchRow[]> {
  const references = referencePages(process.env.BENCH_REFERENCE_URL)
  // One browser for every run: a killed Chromium can hold the fixed port for a moment,
  // and a relaunch would then attach to the dying one.
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    port: debuggingPort,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  })
  try {
    const rows: BenchRow[] = []
    for (const page of pages) {
      const referenceUrl = references.get(page)
      const ours: LighthouseRun[] = []
      const theirs: LighthouseRun[] = []
      // Sequential on purpose: parallel runs on 2 cores would measure each other.
      for (let i = 0; i < runsPerPage; i += 1) {
        ours.push(await runOnce(new URL(page, baseURL).href, chrome.port))
        if (referenceUrl !== undefined) theirs.push(await runOnce(referenceUrl, chrome.port))
      }
      const budget = budgets.lighthouse[page]
      const median = medianRun(ours)
      rows.push(...rowsFor(`Lighthouse mobile ${page} (median of ${ours.length})`, median, budget))
      if (referenceUrl !== undefined) {
        const reference = medianRun(theirs)
        rows.push(...rowsFor(`Lighthouse mobile ${referenceUrl} (reference, median of ${theirs.length})`, reference, undefined))
        rows.push(...comparisonRows(page, referenceUrl, median, reference))
      }
    }
    return rows
  } finally {
    chrome.kill()
  }
}

export const lighthouseMobile: Measure = { name: 'Lighthouse', run }
