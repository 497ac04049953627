// The product as end-to-end tests see it (playwright.config.ts's webServer):
// a fresh Firebase Auth Emulator, the real API server serving the e2e build and
// a worker rendering its jobs (as `npm start` runs them), with a throwaway
// SQLite database, on 127.0.0.1 only. Stops them all on SIGTERM/SIGINT.
// Ports: E2E_PORT (server) and E2E_AUTH_PORT (emulator); the build in
// ACTORLY_DIST must have been made for the same emulator port (scripts/e2e-build.ts).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { startAuthEmulator } from '../server/auth/emulator-process.ts'
import { E2E_DEMO_EMAIL, e2ePorts } from './e2e-env.ts'

const root = path.resolve(import.meta.dirname, '..')
const { serverPort, authPort, distDir, dataDir: workDir } = e2ePorts(process.env, root)
rmSync(workDir, { recursive: true, force: true })
mkdirSync(workDir, { recursive: true })

const emulator = await startAuthEmulator({ projectId: 'demo-actorly', port: authPort, workDir })
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
}
const server = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env })
const worker = spawn(process.execPath, [path.join(root, 'server', 'worker.ts')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env })

/** SIGTERM, then waits for the exit: the folder is removed only once nothing writes to it any more. */
function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 12_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

let stopping = false
async function stop(code: number): Promise<void> {
  if (stopping) return
  stopping = true
  await Promise.all([ended(server), ended(worker)])
  await emulator.stop()
  rmSync(workDir, { recursive: true, force: true })
  process.exit(code)
}
server.on('exit', (code) => void stop(code ?? 1))
worker.on('exit', (code) => void stop(code ?? 1))
process.on('SIGINT', () => void stop(0))
process.on('SIGTERM', () => void stop(0))
