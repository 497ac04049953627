// `npm run bench`: builds the app into a temporary folder, serves it with
// `vite preview` on 127.0.0.1, runs every measure and prints one table against the
// budgets of quality.md. Informative: budgets are reported, never enforced
// (machines are noisy); it fails only when it cannot measure.
// Add a measure to `measures`, one file each.
import { statusPoll } from './api-poll.ts'
import { failedRow, type BenchRow, type Measure } from './bench-row.ts'
import { buildApp } from './build.ts'
import { clusterMeasures } from './cluster.ts'
import { generationCost } from './generation-cost.ts'
import { lighthouseMobile } from './lighthouse.ts'
import { offlineGallery } from './offline-gallery.ts'
import { precache } from './precache.ts'
import { startPreview } from './preview-server.ts'
import { renderTime } from './render-bench.ts'
import { routeJs } from './route-js.ts'
import { formatTable } from './table.ts'
import { freePort } from '../../server/auth/emulator-process.ts'

const measures: Measure[] = [routeJs, precache, lighthouseMobile, renderTime, statusPoll, clusterMeasures, offlineGallery, generationCost]
const port = Number(process.env.BENCH_PORT ?? 4205)

const say = (text: string) => process.stderr.write(`bench: ${text}\n`)

// The build signs in against an Auth Emulator on this port, which the signed-in measures start.
const authEmulatorPort = Number(process.env.BENCH_AUTH_PORT ?? (await freePort()))

say('building the app')
const build = await buildApp({ VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authEmulatorPort}` })
const rows: BenchRow[] = []
try {
  const server = await startPreview(build.distDir, port)
  try {
    for (const measure of measures) {
      say(`measuring ${measure.name}`)
      try {
        rows.push(...(await measure.run({ distDir: build.distDir, baseURL: server.baseURL, authEmulatorPort })))
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
