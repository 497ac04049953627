// The marks on an app page that the build rendered (scripts/vite/prerender.ts writes
// them; docs/decisions/0207), read by the entry (src/main.tsx) and the app (./app.tsx).

/** On <html>: this device would be shown something else than the page's HTML, so the page waits blank for the app. */
export const WAIT_FOR_APP_ATTRIBUTE = 'data-wait-for-app'

/** The <meta name> listing the code the screen needs. */
export const APP_CODE_META = 'app-code'

export const waitsForApp = (): boolean => document.documentElement.hasAttribute(WAIT_FOR_APP_ATTRIBUTE)

/** The prerendered screen becomes usable: no longer inert, nor hidden from assistive technology. */
export function makeLive(container: HTMLElement): void {
  container.removeAttribute('inert')
  container.removeAttribute('aria-hidden')
}
