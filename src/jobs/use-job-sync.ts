import { liveQuery } from 'dexie'
import { useEffect } from 'react'
import { deviceDb } from '@/db/device-db'
import { openJobStream, type JobStream } from './event-stream'
import type { JobBoard } from './job-board'
import { openJobChannel } from './job-channel'
import { createPollCoordinator } from './poll-coordinator'

// Keeps a tab's job board in step with the device and the other tabs: the
// user's job rows from Dexie (only that uid's: a shared device never shows or
// resumes another account's jobs), progress over the channel, and, in the one
// polling tab, the pollers themselves and, while they follow a job, the
// server's event stream (decision 0212): it brings each change at once, the
// polls stay as the fallback.

export function useJobSync(board: JobBoard, uid: string | null, leader: boolean): void {
  useEffect(() => {
    if (uid === null) return
    const subscription = liveQuery(() => deviceDb.jobs.where('uid').equals(uid).toArray()).subscribe({
      next: (rows) => board.setRows(rows),
      // Storage unavailable (private mode, quota): jobs started in this tab still run from memory.
      error: () => undefined,
    })
    return () => subscription.unsubscribe()
  }, [board, uid])

  useEffect(() => {
    if (uid === null) return
    const channel = openJobChannel((message) => {
      if (message.uid !== uid) return
      if (message.type === 'progress' && !leader) board.setProgress(message.requestId, message.progress)
      if (message.type === 'ask' && leader) {
        for (const [requestId, progress] of Object.entries(board.getSnapshot().progress)) {
          channel.post({ type: 'progress', uid, requestId, progress })
        }
      }
    })
    if (!leader) {
      channel.post({ type: 'ask', uid })
      return () => channel.close()
    }

    const coordinator = createPollCoordinator({
      progressOf: (requestId) => board.getSnapshot().progress[requestId],
      onProgress(job, progress) {
        board.setProgress(job.requestId, progress)
        channel.post({ type: 'progress', uid, requestId: job.requestId, progress })
      },
      onEnd(job, outcome) {
        board.settle(job.requestId, outcome)
        // Every tab learns the outcome from the row; it stays until a screen has shown it.
        deviceDb.jobs.update(job.requestId, { outcome }).catch(() => undefined)
      },
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
      channel.close()
    }
  }, [board, uid, leader])
}
