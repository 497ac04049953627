// `npm run bench`: builds the app into a temporary folder, starts the real server on
// it the way `npm start` does (server/main.ts with the Auth Emulator, embedded
// SQLite, compressed answers), runs every measure and prints one table against the
// budgets (budgets.ts, docs/quality.md; method: decision 0205). Informative: budgets are
// reported, never enforced (machines are noisy); it fails only when it cannot
// measure. Each row carries the machine's load average when it was measured.
//   BENCH_ONLY=lighthouse,js        only the measures whose names contain these words
//   BENCH_REFERENCE_URL=…           Lighthouse a reference page interleaved with ours (reference.ts)
//   BENCH_PORT=…, BENCH_AUTH_PORT=… the server's and the Auth Emulator's ports (default: free ones)
import { freePort } from '../../server/emulators/emulator-process.ts'
import { statusPoll } from './api-poll.ts'
import { startApiStack } from './api-stack.ts'
import { failedRow, type BenchRow, type Measure } from './bench-row.ts'
import { buildApp } from './build.ts'
import { clusterMeasures } from './cluster.ts'
import { generationCost } from './generation-cost.ts'
import { lighthouseMobile } from './lighthouse.ts'
import { offlineGallery } from './offline-gallery.ts'
import { paintToLiveMeasure } from './paint-to-live.ts'
import { precache } from './precache.ts'
import { renderTime } from './render-bench.ts'
import { routeJs } from './route-js.ts'
import { serverBoot } from './server-boot.ts'
import { formatTable } from './table.ts'

const allMeasures: Measure[] = [
  serverBoot,
  routeJs,
  precache,
  lighthouseMobile,
  paintToLiveMeasure,
  offlineGallery,
  renderTime,
  statusPoll,
  clusterMeasures,
  generationCost,
]
const only = (process.env.BENCH_ONLY ?? '')
  .toLowerCase()
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean)
const measures = only.length === 0 ? allMeasures : allMeasures.filter((measure) => only.some((word) => measure.name.toLowerCase().includes(word)))

const say = (text: string) => process.stderr.write(`bench: ${text}\n`)

// The build signs in against an Auth Emulator on this port, which the stack starts.
const authEmulatorPort = Number(process.env.BENCH_AUTH_PORT ?? (await freePort()))

say('building the app')
const build = await buildApp({ VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authEmulatorPort}` })
const rows: BenchRow[] = []
try {
  say('starting the server as npm start does')
  const stack = await startApiStack({ distDir: build.distDir, emulatorPort: authEmulatorPort })
  try {
    for (const measure of measures) {
      say(`measuring ${measure.name}`)
      try {
        rows.push(...(await measure.run({ distDir: build.distDir, baseURL: stack.origin, stack, authEmulatorPort })))
      } catch (error) {
        rows.push(failedRow(measure.name, '-', error))
        process.exitCode = 1
      }
    }
  } finally {
    await stack.stop()
  }
} finally {
  await build.remove()
}
process.stdout.write(`${formatTable(rows)}\n`)
