import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { tiedToParent } from '../../server/tied-to-parent.ts'
import { startProcess, type Running } from './processes.ts'

// A throwaway PostgreSQL for a local stack, made the way .ci/run makes the
// tests' one: Debian's server binaries, a new cluster in a folder of ours, on
// 127.0.0.1 only, with trust authentication for the one local user and no
// fsync (nothing here is worth keeping). The server runs as our child in the
// foreground, not daemonised by pg_ctl, so it stops with us. PostgreSQL
// refuses to run as root: then it runs as the `postgres` user Debian's
// package makes.

const run = promisify(execFile)

export interface Postgres {
  /** postgres://actorly@127.0.0.1:<port>/postgres */
  url: string
  server: Running
}

/** The newest Debian server binaries (/usr/lib/postgresql/<version>/bin), or PG_BIN. */
export function postgresBinaries(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.PG_BIN !== undefined && env.PG_BIN !== '') return env.PG_BIN
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base)
    .filter((version) => existsSync(path.join(base, version, 'bin', 'initdb')))
    .toSorted((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? null : path.join(base, versions[0], 'bin')
}

/** The user PostgreSQL runs as: ourselves, or `postgres` when we are root. */
function serverUser(): string | undefined {
  return process.getuid?.() === 0 ? 'postgres' : undefined
}

async function ownedByServerUser(dir: string, user: string | undefined): Promise<void> {
  if (user === undefined) return
  const uid = Number((await run('id', ['-u', user])).stdout.trim())
  const gid = Number((await run('id', ['-g', user])).stdout.trim())
  await chown(dir, uid, gid)
}

/**
 * Makes a cluster in `dir` (which must be empty or missing; readable to the
 * server's user on the way down) and starts it on 127.0.0.1:`port`.
 */
export async function startPostgres(options: { dir: string; port: number; readyTimeoutMs?: number }): Promise<Postgres> {
  const bin = postgresBinaries()
  if (bin === null) throw new Error('PostgreSQL is not installed: apt-get install postgresql (Debian), or set PG_BIN to its bin folder')
  const user = serverUser()
  await mkdir(options.dir, { recursive: true, mode: 0o700 })
  await ownedByServerUser(options.dir, user)
  const data = path.join(options.dir, 'data')
  const initdb = tiedToParent(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'actorly', '--auth=trust', '--encoding=UTF8', '--no-sync'],
    user === undefined ? {} : { user },
  )
  await run(initdb.command, initdb.args)

  const args = ['-D', data, '-p', String(options.port), '-k', options.dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200']
  const server = startProcess('PostgreSQL', path.join(bin, 'postgres'), args, {
    cwd: options.dir,
    env: process.env,
    output: 'pipe',
    // Fast shutdown: ends the sessions, then stops.
    stopSignal: 'SIGINT',
    ...(user === undefined ? {} : { user }),
  })
  let log = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PostgreSQL was not ready in time:\n${log}`)), options.readyTimeoutMs ?? 60_000)
    server.child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000)
      if (log.includes('database system is ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    void server.exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`PostgreSQL exited (${code ?? 'signal'}) while starting:\n${log}`))
    })
  }).catch(async (error: unknown) => {
    await server.stop()
    throw error
  })
  return { url: `postgres://actorly@127.0.0.1:${options.port}/postgres`, server }
}
