import type { JobBoard } from './job-board'
import { useJobSync } from './use-job-sync'

/** Keeps the board in step (use-job-sync.ts) for a signed-in user; its own chunk, loaded only then (job-runner.tsx). */
export function JobSyncHost({ board, uid, leader }: { board: JobBoard; uid: string; leader: boolean }) {
  useJobSync(board, uid, leader)
  return null
}
