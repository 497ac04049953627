import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

// Temp folders of renders and result downloads carry the pid of the process
// that made them (`actorly-render-<pid>-XXXXXX`), so a starting worker can
// tell a dead run's leftovers from a live neighbour's on the same machine
// (docs/decisions/0214). A process killed with -9 never runs its `finally`;
// the next worker removes what it left.

export type WorkDirKind = 'render' | 'job' | 'fal'

const OURS = /^actorly-(render|job|fal)-(?:(\d+)-)?[A-Za-z0-9]{6}$/

/** Folders of the old naming (no pid) older than this cannot belong to a running render (the longest local job budget is 11 min). */
const UNOWNED_MAX_AGE_MS = 60 * 60_000

/** A fresh temp folder owned by this process. */
export function makeWorkDir(kind: WorkDirKind, root: string = os.tmpdir()): Promise<string> {
  return mkdtemp(path.join(root, `actorly-${kind}-${process.pid}-`))
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

async function isOld(dir: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(dir)).mtimeMs > UNOWNED_MAX_AGE_MS
  } catch {
    return false
  }
}

/**
 * Removes the temp folders of processes that no longer run (and unowned ones
 * older than an hour). Answers the names it removed.
 */
export async function removeDeadRunWorkDirs(root: string = os.tmpdir()): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(root)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const match = OURS.exec(name)
    if (match === null) continue
    const dir = path.join(root, name)
    const pid = match[2] === undefined ? null : Number(match[2])
    const dead = pid === null ? await isOld(dir) : !isAlive(pid)
    if (!dead) continue
    await rm(dir, { recursive: true, force: true })
    removed.push(name)
  }
  return removed
}
