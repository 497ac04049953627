import { useCallback, useEffect, useRef, useState } from 'react'
import { DEMO_PAUSE_MS, DEMO_PROGRESS_MS, DEMO_PROGRESS_TICK_MS } from '@contract/constants'

/**
 * idle: nothing started; running: the percent climbs; finishing: at 100 %,
 * waiting before the result shows; done: the canned result is ready.
 */
export type FakeProgressPhase = 'idle' | 'running' | 'finishing' | 'done'

/** The timer functions the hook uses, injectable so tests can drive time. */
export interface ProgressTimers {
  setInterval: (callback: () => void, ms: number) => number
  clearInterval: (id: number) => void
  setTimeout: (callback: () => void, ms: number) => number
  clearTimeout: (id: number) => void
  /** Milliseconds from any fixed origin. */
  now: () => number
}

export interface FakeProgressOptions {
  durationMs?: number
  tickMs?: number
  pauseMs?: number
  timers?: ProgressTimers
}

export interface FakeProgress {
  phase: FakeProgressPhase
  /** Whole percent, 0 to 100, never falling while a run lasts. */
  percent: number
  isLoading: boolean
  /** Starts a run; returns false (and does nothing) while one is under way. */
  start: () => boolean
  /** Back to idle, cancelling a run under way. */
  reset: () => void
}

const browserTimers: ProgressTimers = {
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (id) => window.clearInterval(id),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  now: () => performance.now(),
}

/**
 * The demo's scripted progress (spec §2 Demo, §9): the percent rises over
 * 3000 ms in 50 ms ticks, stays at 100 for a 500 ms pause, then the run is done.
 * No server is involved.
 */
export function useFakeProgress(options: FakeProgressOptions = {}): FakeProgress {
  const { durationMs = DEMO_PROGRESS_MS, tickMs = DEMO_PROGRESS_TICK_MS, pauseMs = DEMO_PAUSE_MS, timers = browserTimers } = options
  const [phase, setPhase] = useState<FakeProgressPhase>('idle')
  const [percent, setPercent] = useState(0)
  // A ref, not state, guards against a second start before React re-renders
  // (spec §2: Generate is ignored while loading).
  const loadingRef = useRef(false)
  const intervalRef = useRef<number | null>(null)
  const pauseRef = useRef<number | null>(null)

  const stopTimers = useCallback(() => {
    if (intervalRef.current !== null) timers.clearInterval(intervalRef.current)
    if (pauseRef.current !== null) timers.clearTimeout(pauseRef.current)
    intervalRef.current = null
    pauseRef.current = null
  }, [timers])

  const start = useCallback((): boolean => {
    if (loadingRef.current) return false
    loadingRef.current = true
    // Percent from elapsed time, not from counted ticks, so a busy phone that
    // delays ticks still finishes after 3 s rather than later.
    const startedAt = timers.now()
    setPercent(0)
    setPhase('running')
    intervalRef.current = timers.setInterval(() => {
      const elapsed = timers.now() - startedAt
      setPercent(Math.min(100, Math.floor((elapsed / durationMs) * 100)))
      if (elapsed < durationMs) return
      stopTimers()
      setPhase('finishing')
      pauseRef.current = timers.setTimeout(() => {
        pauseRef.current = null
        loadingRef.current = false
        setPhase('done')
      }, pauseMs)
    }, tickMs)
    return true
  }, [durationMs, tickMs, pauseMs, timers, stopTimers])

  const reset = useCallback(() => {
    stopTimers()
    loadingRef.current = false
    setPercent(0)
    setPhase('idle')
  }, [stopTimers])

  useEffect(() => stopTimers, [stopTimers])

  return { phase, percent, isLoading: phase === 'running' || phase === 'finishing', start, reset }
}
