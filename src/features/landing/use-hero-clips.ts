import { type RefObject, useEffect, useState } from 'react'
import { usePrefersReducedMotion } from './use-carousel-motion'
import { useVisibleVideos } from './use-visible-videos'

/** The visitor asked the browser to save data (Chrome on Android's data saver). */
function savesData(): boolean {
  const connection: unknown = Reflect.get(navigator, 'connection')
  return typeof connection === 'object' && connection !== null && 'saveData' in connection && connection.saveData === true
}

/**
 * Whether the hero's sample clips play (docs/decisions/0084): from the visitor's
 * first scroll, touch or key press, only while they are on screen (decision
 * 0021's rule, ./use-visible-videos.ts), never with reduced motion or data saver.
 * Until then the posters stand, and the first load fetches no video.
 */
export function useHeroClips(list: RefObject<HTMLElement | null>): boolean {
  const still = usePrefersReducedMotion()
  const [live, setLive] = useState(false)
  useEffect(() => {
    if (still || live || savesData()) return
    const start = () => setLive(true)
    const events = ['scroll', 'pointerdown', 'keydown']
    for (const name of events) addEventListener(name, start, { once: true, passive: true })
    return () => events.forEach((name) => removeEventListener(name, start))
  }, [still, live])
  const playing = live && !still
  useVisibleVideos(list, playing)
  return playing
}
