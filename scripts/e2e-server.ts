// The product as end-to-end tests see it (playwright.config.ts's webServer):
// a fresh Firebase Auth Emulator, the real API server serving the e2e build and
// a worker rendering its jobs (as `npm start` runs them, through scripts/run/),
// with a throwaway SQLite database, on 127.0.0.1 only. Stops them all on
// SIGTERM/SIGINT. Ports: E2E_PORT (server) and E2E_AUTH_PORT (emulator); the
// build in ACTORLY_DIST must have been made for the same emulator port
// (scripts/e2e-build.ts).
import { mkdirSync, rmSync } from 'node:fs'
import { startAuthEmulator } from '../server/emulators/emulator-process.ts'
import { E2E_DEMO_EMAIL, e2ePorts } from './e2e-env.ts'
import { ROOT, startApi, startWorker } from './run/app-processes.ts'
import { Supervisor } from './run/supervisor.ts'

const { serverPort, authPort, distDir, dataDir: workDir } = e2ePorts(process.env, ROOT)
rmSync(workDir, { recursive: true, force: true })
mkdirSync(workDir, { recursive: true })

const supervisor = new Supervisor({ say: (line) => void process.stderr.write(`${line}\n`), onEnd: (code) => process.exit(code) })
supervisor.stopOnSignals()
// Removed last, once nothing writes to it any more.
supervisor.defer('the data folder', async () => rmSync(workDir, { recursive: true, force: true }))
const emulator = await startAuthEmulator({ projectId: 'demo-actorly', port: authPort, workDir })
supervisor.defer('the Auth Emulator', () => emulator.stop())
const env = {
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  HOST: '127.0.0.1',
  PORT: String(serverPort),
  DATA_DIR: workDir,
  ACTORLY_DIST: distDir,
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  FIREBASE_PROJECT_ID: 'demo-actorly',
  DEMO_ACCOUNT_EMAIL: E2E_DEMO_EMAIL,
  // Many tests send the anonymous forms from the same address within a minute.
  FORM_RATE_LIMIT_BURST: '1000',
  // The developer API's journey receives its webhooks on this machine (docs/decisions/0408).
  WEBHOOKS_ALLOW_LOOPBACK: 'true',
}
const server = startApi('the e2e API server', { env, output: 'inherit' })
const worker = startWorker('the e2e worker', { env, output: 'inherit' })
supervisor.watch('the API server and the worker', [server, worker])
