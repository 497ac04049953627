import { useCallback, useSyncExternalStore } from 'react'

// spec §3 Session state: a flag for 'enhance lip sync'. The lip-sync form's
// toggle sets it; step 1's UGC progress reads it (spec §4: 3500 ms per point
// "with enhanced lipsync on"; decision 0251). It lives as long as the page.

let enhanced = false
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The session's 'enhanced lip sync' flag and its setter. */
export function useEnhancedLipSync(): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => enhanced,
    () => enhanced,
  )
  const set = useCallback((next: boolean) => {
    if (next === enhanced) return
    enhanced = next
    for (const listener of listeners) listener()
  }, [])
  return [value, set]
}
