import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { POLL_LOCK_NAME, usePollLeader } from './poll-leader'

// A one-lock stand-in for the Web Locks API, as the browser shares it between tabs.
function installLocks() {
  const names: string[] = []
  let held = false
  const waiting: (() => void)[] = []
  const request = (name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      names.push(name)
      const run = () => {
        held = true
        callback()
          .then(resolve, reject)
          .finally(() => {
            held = false
            waiting.shift()?.()
          })
      }
      options.signal?.addEventListener('abort', () => {
        const index = waiting.indexOf(run)
        if (index === -1) return
        waiting.splice(index, 1)
        reject(new DOMException('aborted', 'AbortError'))
      })
      if (held) waiting.push(run)
      else run()
    })
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true })
  return names
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks')
})

describe('usePollLeader', () => {
  it('lets one tab poll and hands over when it leaves', async () => {
    const names = installLocks()
    const first = renderHook(() => usePollLeader('u1'))
    const second = renderHook(() => usePollLeader('u1'))
    await act(() => Promise.resolve())
    expect(first.result.current).toBe(true)
    expect(second.result.current).toBe(false)
    expect(names).toEqual([POLL_LOCK_NAME, POLL_LOCK_NAME])

    first.unmount()
    await act(() => Promise.resolve())
    expect(second.result.current).toBe(true)
  })

  it('polls in every tab without Web Locks, and in none when signed out', () => {
    expect(renderHook(() => usePollLeader('u1')).result.current).toBe(true)
    expect(renderHook(() => usePollLeader(null)).result.current).toBe(false)
  })
})
