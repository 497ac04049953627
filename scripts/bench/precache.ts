// Size of the service worker's precache (quality.md: shell, no videos, <= 2 MB):
// the manifest vite-plugin-pwa injected into sw.js, summed over the built files.
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { MB, type BenchContext, type BenchRow, type Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'

/** The injected entries look like {"revision":"…","url":"assets/x.js"} (or revision null). */
export function precachedUrls(serviceWorkerSource: string): string[] {
  const entry = /\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g
  return [...serviceWorkerSource.matchAll(entry)].map((match) => match[1] ?? '')
}

async function run({ distDir }: BenchContext): Promise<BenchRow[]> {
  const urls = precachedUrls(await readFile(join(distDir, 'sw.js'), 'utf8'))
  if (urls.length === 0) throw new Error('no precache manifest found in sw.js')
  const sizes = await Promise.all(urls.map(async (url) => (await stat(join(distDir, url))).size))
  const bytes = sizes.reduce((sum, size) => sum + size, 0)
  const media = urls.filter((url) => /\.(mp4|webm|mov|m4a|mp3|wav)$/i.test(url))
  return [
    {
      what: `Precache (${urls.length} files${media.length > 0 ? `, ${media.length} media!` : ''})`,
      value: MB(bytes),
      budget: `<= ${MB(budgets.precacheBytes)}, no media`,
      pass: bytes <= budgets.precacheBytes && media.length === 0,
    },
  ]
}

export const precache: Measure = { name: 'Precache', run }
