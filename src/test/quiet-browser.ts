// jsdom has no media queries or intersection observers. A hydration test stands in a
// phone that likes motion, with nothing in view, and leaves a clean page behind.
import { afterEach, beforeEach, vi } from 'vitest'

class NothingInView {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/** Registers the stand-ins before each test of the calling file and removes them after. */
export function standInQuietBrowser(): void {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }))
    vi.stubGlobal('IntersectionObserver', NothingInView)
  })
  afterEach(() => {
    document.body.replaceChildren()
    vi.unstubAllGlobals()
  })
}
