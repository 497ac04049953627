/** Starts playback; true when the browser refused it (autoplay policy), false otherwise. */
export function playOrRefuse(video: HTMLMediaElement): Promise<boolean> {
  // jsdom and old engines return nothing from play().
  const started: Promise<void> | undefined = video.play()
  if (started === undefined) return Promise.resolve(false)
  return started.then(
    () => false,
    (error: unknown) => error instanceof DOMException && error.name === 'NotAllowedError',
  )
}

/** Whether the user asked for less motion (false where it cannot be asked, e.g. in tests). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}
