/** Runs `work` when the browser is next idle (soon at the latest); returns a function that cancels it. */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 1000 })
    return () => cancelIdleCallback(handle)
  }
  // Safari has no idle callback: the next turn, after the screen's first render.
  const handle = setTimeout(work, 1)
  return () => clearTimeout(handle)
}
