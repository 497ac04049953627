import { randomBytes } from 'node:crypto'
import os from 'node:os'

/** A worker's id in job leases: the host and pid say where it ran (logs), the suffix keeps a restarted pid apart. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
}
