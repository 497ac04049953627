import { type RefObject, useEffect } from 'react'

/** Share of a card that must be on screen before its clip plays. */
const VISIBLE_SHARE = 0.5

/**
 * Plays each sample clip only while its card is on screen and the tab is visible,
 * and pauses it otherwise. With preload="none" a clip is fetched only when it first
 * plays, so a visitor who never scrolls to the carousel loads no video
 * (docs/quality.md: LCP and the first load stay light).
 */
export function useVisibleVideos(container: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const element = container.current
    if (!element || !enabled) return
    const videos = Array.from(element.querySelectorAll('video'))
    const visible = new Set<HTMLVideoElement>()

    const sync = (video: HTMLVideoElement) => {
      if (visible.has(video) && !document.hidden) {
        // Autoplay of a muted clip may still be refused (e.g. data saver); the poster stays.
        video.play().catch(() => undefined)
      } else if (!video.paused) {
        video.pause()
      }
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!(entry.target instanceof HTMLVideoElement)) continue
          if (entry.isIntersecting) visible.add(entry.target)
          else visible.delete(entry.target)
          sync(entry.target)
        }
      },
      { threshold: VISIBLE_SHARE },
    )
    for (const video of videos) observer.observe(video)
    const onVisibilityChange = () => videos.forEach(sync)
    document.addEventListener('visibilitychange', onVisibilityChange)
    return () => {
      observer.disconnect()
      document.removeEventListener('visibilitychange', onVisibilityChange)
      for (const video of videos) video.pause()
    }
  }, [container, enabled])
}
