import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Server processes for the tests that need real ones (several instances and
// workers on one database, a worker killed with -9): started from the
// repository's entry points with the test's environment, ready when their
// output says so.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface ServerProcesses {
  /** Starts `entry` (from the repository's root) with `env` over this process's; resolves once `ready(output so far)` holds. */
  start(entry: string, env: Record<string, string>, ready: (output: string) => boolean): Promise<ChildProcess>
  /** SIGTERM to every process still running; resolves when they have exited. */
  stopAll(): Promise<void>
  /** SIGKILL to every process still running, at once. */
  killAll(): void
}

export function serverProcesses(): ServerProcesses {
  const children: ChildProcess[] = []
  return {
    start(entry, env, ready) {
      const child = spawn(process.execPath, [path.join(ROOT, entry)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
      children.push(child)
      return new Promise((resolve, reject) => {
        let out = ''
        let err = ''
        child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          if (ready(out)) resolve(child)
        })
        child.on('exit', (code) => reject(new Error(`${entry} exited (${String(code)}): ${err.slice(-2000)}`)))
      })
    },
    async stopAll() {
      await Promise.all(children.splice(0).map(stopped))
    },
    killAll() {
      for (const child of children.splice(0)) child.kill('SIGKILL')
    },
  }
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** Kills with -9 and resolves when the process is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}
