// `npm run bench`: builds the app into a temporary folder, serves it with
// `vite preview` on 127.0.0.1, runs every measure and prints one table against the
// budgets of quality.md. Informative: budgets are reported, never enforced
// (machines are noisy); it fails only when it cannot measure.
// Add a measure (gallery offline reload) to `measures`, one file each.
import { statusPoll } from './api-poll.ts'
import { failedRow, type BenchRow, type Measure } from './bench-row.ts'
import { buildApp } from './build.ts'
import { lighthouseMobile } from './lighthouse.ts'
import { precache } from './precache.ts'
import { startPreview } from './preview-server.ts'
import { renderTime } from './render-bench.ts'
import { routeJs } from './route-js.ts'
import { formatTable } from './table.ts'

const measures: Measure[] = [routeJs, precache, lighthouseMobile, renderTime, statusPoll]
const port = Number(process.env.BENCH_PORT ?? 4205)

const say = (text: string) => process.stderr.write(`bench: ${text}\n`)

say('building the app')
const build = await buildApp()
const rows: BenchRow[] = []
try {
  const server = await startPreview(build.distDir, port)
  try {
    for (const measure of measures) {
      say(`measuring ${measure.name}`)
      try {
        rows.push(...(await measure.run({ distDir: build.distDir, baseURL: server.baseURL })))
      } catch (error) {
        rows.push(failedRow(measure.name, '-', error))
        process.exitCode = 1
      }
    }
  } finally {
    await server.stop()
  }
} finally {
  await build.remove()
}
process.stdout.write(`${formatTable(rows)}\n`)
