import { useCallback, useRef, useState } from 'react'
import { type AuthAction, type AuthFailure, authFailureOf } from './auth-failures'

export type TaskResult<T> = { done: true; value: T } | { done: false }

export interface AuthTask {
  busy: boolean
  failure: AuthFailure | null
  /** Runs `work` unless a call is running; a failure is kept in `failure` (spec §8). */
  run<T>(action: AuthAction, work: () => Promise<T>): Promise<TaskResult<T>>
  clearFailure(): void
}

/** One identity call at a time per form, with its spec §8 failure kept for display. */
export function useAuthTask(): AuthTask {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  // A ref, not state: a double click must not start a second call before the re-render.
  const running = useRef(false)

  const run = useCallback(async <T>(action: AuthAction, work: () => Promise<T>): Promise<TaskResult<T>> => {
    if (running.current) return { done: false }
    running.current = true
    setBusy(true)
    setFailure(null)
    try {
      return { done: true, value: await work() }
    } catch (error) {
      setFailure(authFailureOf(error, action))
      return { done: false }
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [])

  const clearFailure = useCallback(() => setFailure(null), [])
  return { busy, failure, run, clearFailure }
}
