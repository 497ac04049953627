import { useEffect, useState } from 'react'

// Only one tab polls (several open tabs must not multiply the status calls;
// docs/decisions/0131): the tab holding this Web Lock. When it closes, the browser hands the
// lock to the next waiting tab, which resumes from the device's job rows.
export const POLL_LOCK_NAME = 'actorly-job-poll'

const locks = (): LockManager | undefined => (typeof navigator === 'undefined' ? undefined : navigator.locks)

/** Whether this tab is the one that polls for `uid`'s jobs. Without Web Locks every tab polls for itself. */
export function usePollLeader(uid: string | null): boolean {
  const [leaderFor, setLeaderFor] = useState<string | null>(null)
  const manager = locks()

  useEffect(() => {
    if (uid === null || manager === undefined) return
    const released = new AbortController()
    manager
      .request(POLL_LOCK_NAME, { signal: released.signal }, async () => {
        // Granted just as the tab let go: hand it straight on.
        if (released.signal.aborted) return
        setLeaderFor(uid)
        // Hold the lock until this tab stops polling for this user.
        await new Promise<void>((resolve) => released.signal.addEventListener('abort', () => resolve(), { once: true }))
        setLeaderFor((current) => (current === uid ? null : current))
      })
      // AbortError: the tab left before its turn came; nothing to undo.
      .catch(() => undefined)
    return () => released.abort()
  }, [uid, manager])

  if (uid === null) return false
  return manager === undefined || leaderFor === uid
}
