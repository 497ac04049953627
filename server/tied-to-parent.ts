import { existsSync } from 'node:fs'

/**
 * A child process must not outlive the process that started it
 * (docs/decisions/0214): a worker killed with -9 runs no clean-up, and its
 * ffmpeg would render on for nobody; a local stack killed so must not leave
 * its servers running. On Linux, util-linux's `setpriv --pdeathsig` sets the
 * kernel's parent-death signal (prctl PR_SET_PDEATHSIG) and then execs the
 * program in the same process, so the kernel signals it the moment its parent
 * dies. No native addon, no watchdog process. Elsewhere (macOS development)
 * the program runs as is.
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => process.platform === 'linux' && existsSync(file)) ?? null

/**
 * The command that runs `binary args…` so that it dies with this process where
 * the platform allows. `signal`: what it gets then (KILL for ffmpeg; a local
 * stack's servers get TERM or INT to stop cleanly). `user`: run as that user
 * (setpriv changes the ids before it sets the signal, which a change of ids
 * would clear), e.g. PostgreSQL's server, which refuses to run as root.
 */
export function tiedToParent(
  binary: string,
  args: string[],
  options: { signal?: 'KILL' | 'TERM' | 'INT'; user?: string } = {},
): { command: string; args: string[] } {
  const asUser = options.user === undefined ? [] : ['--reuid', options.user, '--regid', options.user, '--init-groups']
  if (SETPRIV === null) {
    if (asUser.length > 0) throw new Error(`util-linux's setpriv is needed to run ${binary} as ${options.user ?? ''}`)
    return { command: binary, args }
  }
  return { command: SETPRIV, args: [...asUser, '--pdeathsig', options.signal ?? 'KILL', '--', binary, ...args] }
}
