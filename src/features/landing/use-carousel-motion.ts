import { type RefObject, useEffect, useRef, useSyncExternalStore } from 'react'
import { REFERENCE_FRAME_MS, advanceOffset, loopWidth } from './carousel-motion'

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** Whether the visitor asked for less motion (docs/quality.md: the carousel stops). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  )
}

type CarouselMotion = {
  viewport: RefObject<HTMLElement | null>
  track: RefObject<HTMLElement | null>
  sampleCount: number
  /** Reduced motion or the visitor's pause button. */
  stopped: boolean
}

/**
 * Moves the track with requestAnimationFrame and transform: translateX (spec §2: 1.5 px
 * per frame, loops). It runs only while the carousel is on screen and the tab is
 * visible, so an unseen carousel costs no frames. Writes the style directly: a
 * React render per frame would be wasted work.
 */
export function useCarouselMotion({ viewport, track, sampleCount, stopped }: CarouselMotion): void {
  const offset = useRef(0)

  useEffect(() => {
    const viewportElement = viewport.current
    const trackElement = track.current
    if (!viewportElement || !trackElement || stopped) return
    const width = loopWidth(sampleCount)
    let onScreen = false
    let frame: number | null = null
    let lastTime: number | null = null

    const tick = (now: number) => {
      offset.current = advanceOffset(offset.current, lastTime === null ? REFERENCE_FRAME_MS : now - lastTime, width)
      lastTime = now
      trackElement.style.transform = `translateX(${-offset.current}px)`
      frame = requestAnimationFrame(tick)
    }
    const update = () => {
      const shouldMove = onScreen && !document.hidden
      if (shouldMove && frame === null) {
        lastTime = null
        frame = requestAnimationFrame(tick)
      } else if (!shouldMove && frame !== null) {
        cancelAnimationFrame(frame)
        frame = null
      }
    }

    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) onScreen = entry.isIntersecting
      update()
    })
    observer.observe(viewportElement)
    document.addEventListener('visibilitychange', update)
    return () => {
      observer.disconnect()
      document.removeEventListener('visibilitychange', update)
      if (frame !== null) cancelAnimationFrame(frame)
    }
  }, [viewport, track, sampleCount, stopped])
}
