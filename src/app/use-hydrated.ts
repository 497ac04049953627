import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while React renders on the server and while it hydrates that HTML, true
 * afterwards: parts that exist only in the browser (toasts, the update prompt)
 * appear after hydration, so the prerendered HTML and the first client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
