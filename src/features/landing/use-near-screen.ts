import { type RefObject, useEffect, useState } from 'react'

/**
 * Becomes true once the element comes within `margin` of the viewport and stays true.
 * The sample carousel waits for it: a <video poster> is fetched at once even with
 * preload="none", and 32 cards below the fold would compete with the hero for the
 * network and the main thread.
 */
export function useNearScreen(element: RefObject<HTMLElement | null>, margin: string): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const target = element.current
    if (!target || near) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [element, margin, near])
  return near
}
