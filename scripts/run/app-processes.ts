import path from 'node:path'
import { startProcess, type Running, type StartOptions } from './processes.ts'

// The product's two roles as processes of a local stack: an API instance
// (server/main.ts, which also serves the built app) and a worker
// (server/worker.ts, docs/decisions/0210). Both read the whole environment
// they are given: the caller's, plus what the stack sets.

export const ROOT = path.resolve(import.meta.dirname, '../..')

type RoleOptions = Pick<StartOptions, 'env' | 'output'>

export function startApi(name: string, options: RoleOptions): Running {
  return startProcess(name, process.execPath, [path.join(ROOT, 'server', 'main.ts')], { ...options, cwd: ROOT })
}

export function startWorker(name: string, options: RoleOptions): Running {
  return startProcess(name, process.execPath, [path.join(ROOT, 'server', 'worker.ts')], { ...options, cwd: ROOT })
}

/**
 * Waits until `origin` answers its health check. Gives up (false) when `given
 * up` says so (the stack is stopping) or after `timeoutMs`; throws when one of
 * `processes` exited meanwhile.
 */
export async function untilHealthy(origin: string, options: { processes: Running[]; timeoutMs?: number; givenUp?: () => boolean }): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000)
  while (Date.now() < deadline && options.givenUp?.() !== true) {
    const dead = options.processes.find((running) => running.child.exitCode !== null || running.child.signalCode !== null)
    if (dead !== undefined) throw new Error(`${dead.name} exited before ${origin} answered`)
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return true
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return false
}

/** The local cluster's round-robin balancer (./balancer-process.ts) on `port`; resolves once it listens. */
export async function startBalancerProcess(port: number, upstreams: number[], env: NodeJS.ProcessEnv): Promise<Running> {
  const script = path.join(ROOT, 'scripts', 'run', 'balancer-process.ts')
  const running = startProcess('balancer', process.execPath, [script, String(port), ...upstreams.map(String)], {
    env,
    cwd: ROOT,
    output: 'pipe',
    graceMs: 5000,
  })
  let output = ''
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-4000)
      if (output.includes(`listening ${port}`)) resolve()
    }
    running.child.stdout?.on('data', read)
    running.child.stderr?.on('data', read)
    void running.exited.then((code) => reject(new Error(`the balancer exited (${code ?? 'signal'}) while starting:\n${output}`)))
  })
  await listening.catch(async (error: unknown) => {
    await running.stop()
    throw error
  })
  return running
}
