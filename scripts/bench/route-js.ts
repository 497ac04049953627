// JS each screen loads on a first visit, until the network is idle: every screen
// (contract/screens.ts) is opened in a fresh Chromium context, as a first-time visitor
// on a phone, against the real server. The bytes are those the server sent
// (compressed, as transferred, headers included), next to a gzip-9 estimate of the
// same scripts' bodies that does not depend on the server.
import { gzipSync } from 'node:zlib'
import { chromium, devices, type Browser, type Response } from '@playwright/test'
import { SCREENS } from '../../contract/screens.ts'
import { failedRow, kB, loadNow, type BenchContext, type BenchRow, type Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'
import { chromiumFlags, chromiumPath } from './chromium.ts'

type ScriptBytes = { wire: number; gzip9: number }

async function scriptBytes(response: Response): Promise<ScriptBytes> {
  const [body, sizes] = await Promise.all([response.body(), response.request().sizes()])
  // On the wire: the answer's headers too, as a first visit over HTTP/1.1 pays them for every file.
  return { wire: sizes.responseHeadersSize + sizes.responseBodySize, gzip9: gzipSync(body, { level: 9 }).length }
}

export async function routeScripts(browser: Browser, url: string): Promise<{ files: string[]; wire: number; gzip9: number }> {
  // No service worker: the bench measures what the network delivers to a first visit.
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' })
  const page = await context.newPage()
  const scripts = new Map<string, Promise<ScriptBytes>>()
  page.on('response', (response) => {
    const isScript = response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js')
    if (!isScript || scripts.has(response.url())) return
    scripts.set(
      response.url(),
      scriptBytes(response).catch(() => ({ wire: 0, gzip9: 0 })),
    )
  })
  try {
    await page.goto(url, { waitUntil: 'load' })
    // Lazy route chunks and catalogs arrive after load; wait for the network to settle.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {})
    const sizes = await Promise.all(scripts.values())
    return {
      files: [...scripts.keys()].map((script) => new URL(script).pathname),
      wire: sizes.reduce((sum, size) => sum + size.wire, 0),
      gzip9: sizes.reduce((sum, size) => sum + size.gzip9, 0),
    }
  } finally {
    await context.close()
  }
}

function budgetFor(route: string): number | null {
  if (route === '/') return budgets.landingJsWireBytes
  return (budgets.appRoutes as readonly string[]).includes(route) ? budgets.appRouteJsWireBytes : null
}

async function run({ baseURL }: BenchContext): Promise<BenchRow[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  const rows: BenchRow[] = []
  try {
    for (const route of SCREENS) {
      const budget = budgetFor(route)
      const budgetText = budget === null ? '-' : `<= ${kB(budget)}`
      const what = `JS until the network is idle, on the wire (gzip-9 estimate): ${route}`
      try {
        const { files, wire, gzip9 } = await routeScripts(browser, new URL(route, baseURL).href)
        rows.push({
          what,
          value: `${kB(wire)} (${kB(gzip9)}, ${files.length} files)`,
          budget: budgetText,
          pass: budget === null || wire <= budget,
          load: loadNow(),
        })
      } catch (error) {
        rows.push(failedRow(what, budgetText, error))
      }
    }
  } finally {
    await browser.close()
  }
  return rows
}

export const routeJs: Measure = { name: 'JS per route', run }
