import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

// The local cluster's throwaway folder (the PostgreSQL cluster, each
// process's DATA_DIR, the Auth Emulator's files), removed when the cluster
// stops. Its name carries our pid, like the workers' temp folders (decision
// 0214): a cluster killed with SIGKILL cannot remove its own, so the next
// start removes the folders of pids that no longer run.

const PREFIX = 'actorly-cluster-'

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

async function removeDeadClusters(): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const pid = Number(/^actorly-cluster-(\d+)-/.exec(name)?.[1])
    if (Number.isInteger(pid) && pid > 0 && !running(pid)) await rm(path.join(tmpdir(), name), { recursive: true, force: true })
  }
}

export async function makeClusterFolder(): Promise<{ dir: string; remove: () => Promise<void> }> {
  await removeDeadClusters()
  const dir = await mkdtemp(path.join(tmpdir(), `${PREFIX}${process.pid}-`))
  // PostgreSQL may run as another user (when we are root): it must pass through to its own folder.
  await chmod(dir, 0o711)
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
