// The names an app page that the build rendered shares between its parts
// (docs/decisions/0208): the build writes the page (scripts/vite/prerender/), its head
// script marks it and holds what the visitor does (./page-start.ts), the app takes it
// over (./app.tsx), and the bench times it (scripts/bench/paint-to-live.ts).
import type { HeldInput } from './held-input'

/** On <html>: this device would be shown something else than the page's HTML, so the page waits blank for the app. */
export const WAIT_FOR_APP_ATTRIBUTE = 'data-wait-for-app'

/** The <meta name> listing the code someone signed in also needs at once (the device database). */
export const SIGNED_IN_CODE_META = 'signed-in-code'

/** The performance mark the app writes when it has taken the screen over. */
export const APP_LIVE_MARK = 'actorly:app-live'

declare global {
  interface Window {
    /** What the visitor did on the screen before the app took it over (./page-start.ts holds it, ./app.tsx replays it). */
    actorlyHeldInput?: HeldInput
  }
}

export const waitsForApp = (): boolean => document.documentElement.hasAttribute(WAIT_FOR_APP_ATTRIBUTE)

/** A page that waited blank for the app shows it. */
export function stopWaiting(): void {
  document.documentElement.removeAttribute(WAIT_FOR_APP_ATTRIBUTE)
}
