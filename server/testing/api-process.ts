import { spawn } from 'node:child_process'
import path from 'node:path'
import { freePort } from '../emulators/emulator-process.ts'
import { tiedToParent } from '../tied-to-parent.ts'

// An API instance as its own process (server/main.ts), for tests that must see
// what a real process does: whether it stays up, and every line it writes
// (its JSON log on stdout; Node's warnings and a crash's stack on stderr).

export interface ApiProcess {
  origin: string
  /** Everything written so far on stdout and stderr. */
  output(): string
  /** Whether the process is still running. */
  alive(): boolean
  stop(): Promise<void>
}

const MAIN = path.join(import.meta.dirname, '..', 'main.ts')

export async function startApiProcess(env: Record<string, string>, options: { readyTimeoutMs?: number } = {}): Promise<ApiProcess> {
  const port = await freePort()
  const { command, args } = tiedToParent(process.execPath, [MAIN], { signal: 'TERM' })
  const child = spawn(command, args, {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API process did not listen in time:\n${output.slice(-4000)}`)), options.readyTimeoutMs ?? 60_000)
    const read = (chunk: Buffer): void => {
      output += chunk.toString()
      if (output.includes('"msg":"listening"')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`the API process exited (${String(child.exitCode ?? child.signalCode)}):\n${output.slice(-4000)}`))
    })
  })
  const alive = (): boolean => child.exitCode === null && child.signalCode === null
  const stop = async (): Promise<void> => {
    if (!alive()) return
    child.kill('SIGTERM')
    await exited
  }
  try {
    await ready
  } catch (error) {
    await stop()
    throw error
  }
  return { origin: `http://127.0.0.1:${port}`, output: () => output, alive, stop }
}
