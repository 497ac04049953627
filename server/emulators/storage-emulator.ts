import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { freePort } from './emulator-process.ts'

// Starts and stops the Firebase Storage emulator (./storage-emulator.child.ts)
// as a child process: for the server tests of the Cloud Storage media store
// and for a local cluster. Its host:port is FIREBASE_STORAGE_EMULATOR_HOST.

export interface StorageEmulator {
  /** host:port */
  host: string
  stop(): Promise<void>
}

const CHILD = path.join(import.meta.dirname, 'storage-emulator.child.ts')

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const force = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

export async function startStorageEmulator(options: { projectId: string; port?: number; readyTimeoutMs?: number }): Promise<StorageEmulator> {
  const port = options.port ?? (await freePort())
  const child = spawn(process.execPath, [CHILD, options.projectId, '127.0.0.1', String(port)], {
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The Storage emulator was not ready in time:\n${output}`)), options.readyTimeoutMs ?? 60_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000)
      if (output.includes(`listening ${port}`)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The Storage emulator exited early (code ${code}):\n${output}`))
    })
  })
  try {
    await ready
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return { host: `127.0.0.1:${port}`, stop: () => stopChild(child) }
}
