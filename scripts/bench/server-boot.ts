// Server boot (item of the budgets: <= 600 ms): server/main.ts spawned as `npm start`
// spawns it, timed to its first healthy /api/health. The first start makes the
// database (migrations) and is shown apart; the budget row is the median of the
// restarts after it, which is what a deploy or a crash recovery costs.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../../server/emulators/emulator-process.ts'
import { TEST_PROJECT_ID } from '../../server/testing/emulator-accounts.ts'
import { loadNow, type BenchContext, type BenchRow, type Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'

const root = path.resolve(import.meta.dirname, '../..')
const restarts = 5
const timeoutMs = 30_000

/** Milliseconds from spawn to the first 200 from /api/health; the process is stopped again. */
async function bootOnce(dataDir: string, distDir: string, emulatorHost: string): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ACTORLY_DIST: distDir,
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    },
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
      if (healthy) return performance.now() - started
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    throw new Error(`no healthy answer within ${timeoutMs / 1000} s`)
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

async function run({ distDir, stack }: BenchContext): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'actorly-bench-boot-'))
  try {
    const first = await bootOnce(dataDir, distDir, stack.emulatorHost)
    const times: number[] = []
    for (let i = 0; i < restarts; i += 1) times.push(await bootOnce(dataDir, distDir, stack.emulatorHost))
    const median = times.toSorted((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN
    return [
      {
        what: `Server boot to healthy, median of ${restarts} restarts (runs ${times.map(Math.round).join(', ')}; first start with migrations ${Math.round(first)})`,
        value: `${Math.round(median)} ms`,
        budget: `<= ${budgets.serverBootMs} ms`,
        pass: median <= budgets.serverBootMs,
        load: loadNow(),
      },
    ]
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

export const serverBoot: Measure = { name: 'Server boot', run }
