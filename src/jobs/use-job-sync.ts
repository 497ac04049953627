import { useEffect } from 'react'
import { endJobRow, showJobProgress, watchJobRows } from '@/device/job-rows'
import { openJobStream, type JobStream } from './event-stream'
import type { JobBoard } from './job-board'
import { createPollCoordinator } from './poll-coordinator'

// Keeps a tab's job board in step with the device: the user's job rows, read live
// (only that uid's: a shared device never shows or resumes another account's jobs).
// In the one polling tab, the pollers and, while they follow a job, the server's
// event stream (decision 0212): it brings each change at once, the polls stay as the
// fallback. What they learn is written onto the job's row, so every tab, this one
// included, shows it from there (docs/decisions/0311).

export function useJobSync(board: JobBoard, uid: string | null, leader: boolean): void {
  useEffect(() => {
    if (uid === null) return
    return watchJobRows(uid, (rows) => board.setRows(rows))
  }, [board, uid])

  useEffect(() => {
    if (uid === null || !leader) return
    const coordinator = createPollCoordinator({
      onProgress: (job, progress) => void showJobProgress(job.requestId, progress),
      // The row keeps the outcome until a screen has shown it.
      onEnd: (job, outcome) => void endJobRow(job.requestId, outcome),
    })
    let stream: JobStream | null = null
    const sync = () => {
      coordinator.sync(board.getSnapshot().rows)
      if (coordinator.following() && stream === null) {
        // A fresh stream starts with where each job stands; a resumed one with what it missed.
        stream = openJobStream({ onJob: (event) => coordinator.deliver(event.requestId, event.status) })
      } else if (!coordinator.following() && stream !== null) {
        stream.close()
        stream = null
      }
    }
    const unsubscribe = board.subscribe(sync)
    sync()
    // architecture "Device": unfinished jobs are checked again on `online` and on returning to the foreground.
    const checkAgain = () => {
      if (document.visibilityState !== 'visible') return
      coordinator.checkAll()
      stream?.reconnectNow()
    }
    window.addEventListener('online', checkAgain)
    document.addEventListener('visibilitychange', checkAgain)
    return () => {
      window.removeEventListener('online', checkAgain)
      document.removeEventListener('visibilitychange', checkAgain)
      unsubscribe()
      stream?.close()
      coordinator.stop()
    }
  }, [board, uid, leader])
}
