// A page the build rendered paints from its HTML first; the code that brings it to
// life runs once the browser reports that first paint, so no script stands between
// the visitor and the screen (docs/decisions/0202). A hidden tab paints nothing to
// wait for; a browser that reports no paint timing waits a moment at most.

const PAINT_WAIT_LIMIT_MS = 500

export function afterFirstPaint(run: () => void): void {
  let started = false
  const start = () => {
    if (started) return
    started = true
    setTimeout(run, 0)
  }
  if (document.visibilityState === 'hidden' || performance.getEntriesByName('first-contentful-paint').length > 0) return start()
  try {
    const observer = new PerformanceObserver(() => {
      observer.disconnect()
      start()
    })
    observer.observe({ type: 'paint', buffered: true })
  } catch {
    // No paint timing here: the time limit below starts it.
  }
  setTimeout(start, PAINT_WAIT_LIMIT_MS)
}
