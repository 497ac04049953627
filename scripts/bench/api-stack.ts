// The API as it runs for real, for the bench: the Firebase Auth Emulator on a
// free port (the helper `npm start` and the server tests use), server/main.ts
// as its own process on 127.0.0.1 and a worker (server/worker.ts) rendering
// with the local renderer, over embedded SQLite in a temp folder. stop() ends
// them all and removes the folders, also after a failed start.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, startAuthEmulator, type AuthEmulator } from '../../server/emulators/emulator-process.ts'
import { TEST_PROJECT_ID } from '../../server/testing/emulator-accounts.ts'

export type ApiStack = {
  origin: string
  /** host:port of the Auth Emulator. */
  emulatorHost: string
  /** The server's DATA_DIR (SQLite database, media), for measures that seed data. */
  dataDir: string
  stop: () => Promise<void>
}

const root = path.resolve(import.meta.dirname, '../..')
const readyTimeoutMs = 60_000

/**
 * distDir: the built app the server also serves; without one it answers the API only.
 * emulatorPort: a fixed Auth Emulator port, for an app built to sign in against it.
 */
export async function startApiStack(options: { distDir?: string; emulatorPort?: number } = {}): Promise<ApiStack> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'actorly-bench-api-'))
  const stoppers: (() => Promise<void>)[] = [() => rm(workDir, { recursive: true, force: true })]
  const stop = async () => {
    for (const stopOne of stoppers.toReversed()) await stopOne().catch(() => {})
  }
  try {
    // Generous: on a loaded 2-core machine the firebase CLI alone can take a minute to boot.
    const emulator: AuthEmulator = await startAuthEmulator({
      projectId: TEST_PROJECT_ID,
      workDir,
      readyTimeoutMs: 240_000,
      ...(options.emulatorPort === undefined ? {} : { port: options.emulatorPort }),
    })
    stoppers.push(() => emulator.stop())
    const port = process.env.BENCH_PORT === undefined ? await freePort() : Number(process.env.BENCH_PORT)
    const origin = `http://127.0.0.1:${port}`
    stoppers.push(await startServer(origin, port, { emulatorHost: emulator.host, dataDir: workDir, distDir: options.distDir ?? path.join(workDir, 'no-dist') }))
    return { origin, emulatorHost: emulator.host, dataDir: workDir, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Stops a child process: SIGTERM, SIGKILL after 10 s. */
function stopper(child: ReturnType<typeof spawn>): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.kill('SIGTERM')
    await exited
    clearTimeout(force)
  }
}

async function startServer(origin: string, port: number, where: { emulatorHost: string; dataDir: string; distDir: string }) {
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: where.dataDir,
    ACTORLY_DIST: where.distDir,
    // The embedded defaults, whatever the caller's shell has configured.
    DATABASE_URL: '',
    STRIPE_SECRET_KEY: '',
    GENERATION_PROVIDER: 'local',
    LOG_LEVEL: 'info',
    FIREBASE_AUTH_EMULATOR_HOST: where.emulatorHost,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  }
  const spawnRole = (entry: string) =>
    spawn(process.execPath, [path.join(root, 'server', entry)], {
      cwd: root,
      // stdout carries one log line per request (as in production), discarded here.
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
    })
  const child = spawnRole('main.ts')
  const worker = spawnRole('worker.ts')
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)))
  worker.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)))
  const stopServer = stopper(child)
  const stopWorker = stopper(worker)
  const stop = async () => {
    await stopWorker()
    await stopServer()
  }
  const deadline = Date.now() + readyTimeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API server exited (code ${child.exitCode}): ${errors}`)
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return stop
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  throw new Error(`the API server did not answer on ${origin} within ${readyTimeoutMs / 1000} s`)
}
