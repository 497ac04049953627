import { useCallback, useEffect, useRef, useState } from 'react'
import { findActiveSection, scrollTargetFor } from './active-section'

interface ActiveSectionOptions {
  /** spec §2: the line, below the viewport top, a section must cover to be active. */
  thresholdPx: number
  /** spec §2: where a clicked section's top lands below the viewport top. */
  offsetPx: number
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Tracks which section (by element id) is under the threshold line while the
 * page scrolls, and scrolls to a section on request. While a requested scroll
 * runs, the clicked section stays highlighted: a short last section may never
 * reach the line, and the highlight must not flicker through the ones passed.
 */
export function useActiveSection<Id extends string>(ids: readonly Id[], options: ActiveSectionOptions) {
  const { thresholdPx, offsetPx } = options
  const [active, setActive] = useState<Id | null>(ids[0] ?? null)
  const scrollingTo = useRef<Id | null>(null)

  useEffect(() => {
    let frame = 0
    const measure = () => {
      frame = 0
      if (scrollingTo.current) return
      const boxes = ids.flatMap((id) => {
        const rect = document.getElementById(id)?.getBoundingClientRect()
        return rect ? [{ id, top: rect.top, bottom: rect.bottom }] : []
      })
      const next = findActiveSection(boxes, thresholdPx)
      if (next) setActive(next)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    // The user taking over (wheel, touch, keys) or the scroll ending releases the lock.
    const release = () => {
      scrollingTo.current = null
    }
    const releaseAndMeasure = () => {
      release()
      schedule()
    }
    measure()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule, { passive: true })
    window.addEventListener('scrollend', release)
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
      window.addEventListener(type, releaseAndMeasure, { passive: true })
    }
    return () => {
      if (frame) cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      window.removeEventListener('scrollend', release)
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
        window.removeEventListener(type, releaseAndMeasure)
      }
    }
  }, [ids, thresholdPx])

  const scrollToSection = useCallback(
    (id: Id) => {
      const section = document.getElementById(id)
      if (!section) return
      const top = scrollTargetFor(section.getBoundingClientRect().top, window.scrollY, offsetPx)
      setActive(id)
      if (Math.abs(top - window.scrollY) > 1) scrollingTo.current = id
      window.scrollTo({ top, behavior: prefersReducedMotion() ? 'instant' : 'smooth' })
      // Keyboard and screen-reader users continue reading from the section they chose.
      section.focus({ preventScroll: true })
    },
    [offsetPx],
  )

  return { active, scrollToSection }
}
