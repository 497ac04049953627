// The service worker's precache (the shell, no videos): the manifest vite-plugin-pwa
// injected into sw.js. Its size as the worker downloads it from the server (the
// build's brotli copies, or the file where there is none) and on disk; a URL listed
// twice or a media file fails the row.
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { MB, loadNow, type BenchContext, type BenchRow, type Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'

/** The injected entries look like {"revision":"…","url":"assets/x.js"} (or revision null). */
export function precachedUrls(serviceWorkerSource: string): string[] {
  const entry = /\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g
  return [...serviceWorkerSource.matchAll(entry)].map((match) => match[1] ?? '')
}

export function duplicatesOf(urls: readonly string[]): string[] {
  return [...new Set(urls.filter((url, index) => urls.indexOf(url) !== index))]
}

const sizeOf = async (file: string) => (await stat(file).catch(() => null))?.size ?? null

async function run({ distDir }: BenchContext): Promise<BenchRow[]> {
  const urls = precachedUrls(await readFile(join(distDir, 'sw.js'), 'utf8'))
  if (urls.length === 0) throw new Error('no precache manifest found in sw.js')
  const sizes = await Promise.all(
    urls.map(async (url) => {
      const raw = (await sizeOf(join(distDir, url))) ?? 0
      return { raw, sent: (await sizeOf(join(distDir, `${url}.br`))) ?? raw }
    }),
  )
  const raw = sizes.reduce((sum, size) => sum + size.raw, 0)
  const sent = sizes.reduce((sum, size) => sum + size.sent, 0)
  const media = urls.filter((url) => /\.(mp4|webm|mov|m4a|mp3|wav)$/i.test(url))
  const twice = duplicatesOf(urls)
  const problems = [...(media.length > 0 ? [`${media.length} media`] : []), ...(twice.length > 0 ? [`listed twice: ${twice.join(', ')}`] : [])]
  return [
    {
      what: `Precache, brotli as sent (${urls.length} files, ${MB(raw)} on disk${problems.length > 0 ? `; ${problems.join('; ')}` : ''})`,
      value: MB(sent),
      budget: `<= ${MB(budgets.precacheCompressedBytes)}, no duplicates, no media`,
      pass: sent <= budgets.precacheCompressedBytes && problems.length === 0,
      load: loadNow(),
    },
  ]
}

export const precache: Measure = { name: 'Precache', run }
