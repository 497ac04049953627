import { useEffect, useRef } from 'react'

/**
 * The landing page's scroll progress bar (spec §2). Decorative, so hidden from
 * assistive technology. A passive scroll listener asks for one animation frame,
 * which sets transform: scaleX — no layout work and no React render while scrolling.
 */
export function ScrollProgress() {
  const bar = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let frame: number | null = null
    const draw = () => {
      frame = null
      const scrollable = document.documentElement.scrollHeight - window.innerHeight
      const progress = scrollable > 0 ? Math.min(1, Math.max(0, window.scrollY / scrollable)) : 0
      if (bar.current) bar.current.style.transform = `scaleX(${progress})`
    }
    const schedule = () => {
      if (frame === null) frame = requestAnimationFrame(draw)
    }
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule, { passive: true })
    schedule()
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      if (frame !== null) cancelAnimationFrame(frame)
    }
  }, [])

  return <div ref={bar} className="scroll-progress" aria-hidden="true" />
}
