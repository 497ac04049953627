import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_PAUSE_MS, DEMO_PROGRESS_MS, DEMO_PROGRESS_TICK_MS } from '@contract/constants'
import { useFakeProgress } from './use-fake-progress'

describe('useFakeProgress (spec §2 Demo, §9)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('starts idle at 0 %', () => {
    const { result } = renderHook(() => useFakeProgress())
    expect(result.current.phase).toBe('idle')
    expect(result.current.percent).toBe(0)
    expect(result.current.isLoading).toBe(false)
  })

  it('climbs monotonically to 100 % over 3000 ms in 50 ms ticks', () => {
    const { result } = renderHook(() => useFakeProgress())
    act(() => void result.current.start())
    expect(result.current.phase).toBe('running')
    const seen: number[] = [result.current.percent]
    const ticks = DEMO_PROGRESS_MS / DEMO_PROGRESS_TICK_MS
    for (let tick = 1; tick <= ticks; tick += 1) {
      act(() => vi.advanceTimersByTime(DEMO_PROGRESS_TICK_MS))
      seen.push(result.current.percent)
    }
    expect(ticks).toBe(60)
    // One update per tick: every tick moves the bar, never backwards.
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThan(seen[i - 1] ?? 0)
    expect(seen[0]).toBe(0)
    expect(seen.at(-1)).toBe(100)
    // Halfway through the time, halfway up the bar.
    expect(seen[ticks / 2]).toBe(50)
  })

  it('is not at 100 % before 3000 ms', () => {
    const { result } = renderHook(() => useFakeProgress())
    act(() => void result.current.start())
    act(() => vi.advanceTimersByTime(DEMO_PROGRESS_MS - DEMO_PROGRESS_TICK_MS))
    expect(result.current.percent).toBeLessThan(100)
    expect(result.current.phase).toBe('running')
  })

  it('holds at 100 % for the 500 ms pause, then is done', () => {
    const { result } = renderHook(() => useFakeProgress())
    act(() => void result.current.start())
    act(() => vi.advanceTimersByTime(DEMO_PROGRESS_MS))
    expect(result.current.phase).toBe('finishing')
    expect(result.current.percent).toBe(100)
    expect(result.current.isLoading).toBe(true)
    act(() => vi.advanceTimersByTime(DEMO_PAUSE_MS - 1))
    expect(result.current.phase).toBe('finishing')
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.phase).toBe('done')
    expect(result.current.isLoading).toBe(false)
    // Nothing keeps ticking once done.
    expect(vi.getTimerCount()).toBe(0)
  })

  it('ignores start while a run is under way, even twice in one render', () => {
    const { result } = renderHook(() => useFakeProgress())
    let first = false
    let second = true
    act(() => {
      first = result.current.start()
      second = result.current.start()
    })
    expect(first).toBe(true)
    expect(second).toBe(false)
    act(() => vi.advanceTimersByTime(1000))
    const percent = result.current.percent
    let third = true
    act(() => {
      third = result.current.start()
    })
    expect(third).toBe(false)
    expect(result.current.percent).toBe(percent)
    // The first run still ends on time: a restart would have pushed it back.
    act(() => vi.advanceTimersByTime(DEMO_PROGRESS_MS - 1000 + DEMO_PAUSE_MS))
    expect(result.current.phase).toBe('done')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('can run again once done, starting from 0 %', () => {
    const { result } = renderHook(() => useFakeProgress())
    act(() => void result.current.start())
    act(() => vi.advanceTimersByTime(DEMO_PROGRESS_MS + DEMO_PAUSE_MS))
    let started = false
    act(() => {
      started = result.current.start()
    })
    expect(started).toBe(true)
    expect(result.current.phase).toBe('running')
    expect(result.current.percent).toBe(0)
  })

  it('reset cancels a run and returns to idle', () => {
    const { result } = renderHook(() => useFakeProgress())
    act(() => void result.current.start())
    act(() => vi.advanceTimersByTime(1000))
    act(() => result.current.reset())
    expect(result.current.phase).toBe('idle')
    expect(result.current.percent).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('uses injected timers and clock', () => {
    const callbacks: (() => void)[] = []
    let clock = 0
    const timers = {
      now: () => clock,
      setInterval: (callback: () => void) => callbacks.push(callback),
      clearInterval: () => undefined,
      setTimeout: (callback: () => void) => callbacks.push(callback),
      clearTimeout: () => undefined,
    }
    const { result } = renderHook(() => useFakeProgress({ durationMs: 100, tickMs: 50, pauseMs: 10, timers }))
    act(() => void result.current.start())
    const tick = callbacks[0]
    clock = 50
    act(() => tick?.())
    expect(result.current.percent).toBe(50)
    clock = 100
    act(() => tick?.())
    expect(result.current.phase).toBe('finishing')
    act(() => callbacks[1]?.())
    expect(result.current.phase).toBe('done')
  })
})
