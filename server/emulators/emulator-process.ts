import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import path from 'node:path'
import { tiedToParent } from '../tied-to-parent.ts'

// Starts and stops the Firebase Auth Emulator (firebase-tools; pure Node, no
// Java, works offline). Used by `npm start` (scripts/start.ts) and by the
// server tests' global setup. The project id must start with `demo-` so the
// CLI never reaches for real Google services.

export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string
  stop(): Promise<void>
}

export interface AuthEmulatorOptions {
  projectId: string
  /** firebase.json to use; when absent one is written into workDir with free ports. */
  configPath?: string
  port?: number
  workDir: string
  readyTimeoutMs?: number
  onOutput?: (text: string) => void
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** A firebase.json for the auth emulator alone; the hub and logging ports are set so parallel runs do not collide. */
export async function writeEmulatorConfig(dir: string, port: number): Promise<string> {
  const file = path.join(dir, 'firebase.json')
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`)
  return file
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url)
  return path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib', 'bin', 'firebase.js')
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The auth emulator exited early (code ${child.exitCode}):\n${output()}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The auth emulator was not ready after ${timeoutMs} ms:\n${output()}`)
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve()
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGINT')
  })
}

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const port = options.port ?? (await freePort())
  const configPath = options.configPath ?? (await writeEmulatorConfig(options.workDir, port))
  const args = [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', options.projectId, '--config', configPath]
  // It stops with its parent, even one killed with SIGKILL (docs/decisions/0214).
  const tied = tiedToParent(process.execPath, args, { signal: 'INT' })
  const child = spawn(tied.command, tied.args, {
    cwd: options.workDir,
    env: { ...process.env, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer): void => {
    const text = chunk.toString()
    output = (output + text).slice(-8000)
    options.onOutput?.(text)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const host = `127.0.0.1:${port}`
  try {
    await waitUntilReady(`http://${host}/`, child, options.readyTimeoutMs ?? 120_000, () => output)
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return { host, stop: () => stopChild(child) }
}
