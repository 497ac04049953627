import { spawn, type ChildProcess } from 'node:child_process'
import { tiedToParent } from '../../server/tied-to-parent.ts'

// The processes of a local stack (`npm start`, `npm run start:cluster`, the
// e2e server): each in its own process group, so stopping one reaches
// whatever it started too, and tied to this process by the kernel's
// parent-death signal (setpriv, docs/decisions/0214), so none outlives it even
// when this process is killed with SIGKILL and runs no clean-up.

export type StopSignal = 'SIGTERM' | 'SIGINT'

export interface Running {
  name: string
  pid: number
  /** Settles when the process has exited: its exit code, or null when a signal ended it. */
  exited: Promise<number | null>
  readonly child: ChildProcess
  /** Sends the stop signal to its group, SIGKILL after `graceMs`; resolves once it exited and its group is gone. */
  stop(): Promise<void>
}

export interface StartOptions {
  env: NodeJS.ProcessEnv
  cwd: string
  /** inherit: its output goes to ours (logs); pipe: the caller reads it; ignore: dropped. */
  output: 'inherit' | 'pipe' | 'ignore'
  /** What stops it cleanly: SIGTERM for our servers, SIGINT (fast shutdown) for PostgreSQL. */
  stopSignal?: StopSignal
  /** Time to stop cleanly before SIGKILL. */
  graceMs?: number
  /** Run as this user (setpriv; PostgreSQL refuses to run as root). */
  user?: string
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal)
  } catch {
    // The group is gone already.
  }
}

export function startProcess(name: string, binary: string, args: string[], options: StartOptions): Running {
  const stopSignal = options.stopSignal ?? 'SIGTERM'
  const tied = tiedToParent(binary, args, { signal: stopSignal === 'SIGINT' ? 'INT' : 'TERM', ...(options.user === undefined ? {} : { user: options.user }) })
  const child = spawn(tied.command, tied.args, {
    cwd: options.cwd,
    env: options.env,
    // Its own process group: Ctrl+C reaches only this process, which stops the stack in order.
    detached: true,
    stdio: ['ignore', options.output, options.output],
  })
  const pid = child.pid
  if (pid === undefined) throw new Error(`${name} could not be started (${binary})`)
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      // Anything it started and left behind goes with it.
      signalGroup(pid, 'SIGKILL')
      resolve(code)
    })
  })
  const gone = (): boolean => child.exitCode !== null || child.signalCode !== null
  return {
    name,
    pid,
    exited,
    child,
    async stop() {
      if (gone()) return
      const force = setTimeout(() => signalGroup(pid, 'SIGKILL'), options.graceMs ?? 12_000)
      signalGroup(pid, stopSignal)
      await exited
      clearTimeout(force)
    },
  }
}
