import { startTransition, useLayoutEffect } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { activateLocale, initialLocale } from '@/i18n/i18n'
import { type AppRouter, createAppRouter } from '@/router'
import { AppRoot } from './app-root'
import { makeLive, waitsForApp } from './prerendered-page'
import '@/styles/global.css'

/** Makes the container live in the commit that puts the app in it. */
function Live({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => makeLive(container), [container])
  return null
}

/**
 * The router scrolls to the top after each render that ends a navigation, its first
 * included. A visitor may have scrolled the screen the build rendered while the app
 * loaded: its first render keeps where they are (a #hash target is the router's).
 */
function keepScrollThroughFirstRender(router: AppRouter): void {
  let kept = { x: window.scrollX, y: window.scrollY }
  const remember = () => {
    kept = { x: window.scrollX, y: window.scrollY }
  }
  window.addEventListener('scroll', remember, { passive: true })
  // Subscribed after the router's own handler (made with the router), so this runs after its reset.
  const stop = router.subscribe('onRendered', () => {
    stop()
    window.removeEventListener('scroll', remember)
    if (router.state.location.hash === '') window.scrollTo(kept.x, kept.y)
  })
}

/**
 * Starts the app in `container`: the router, the language's shell catalog and the
 * screen's own (its route's loader), then one render of the loaded screen. When the
 * landing hands over (handoff.ts), `at` is where the visitor is going and `replacing`
 * the landing's root: it is swapped for the app in the same task, so nothing blank is
 * ever painted in between.
 */
export async function startApp(container: HTMLElement, handover: { at: string; replacing: Root } | null = null): Promise<void> {
  const router = createAppRouter()
  if (handover) router.history.push(handover.at)
  await Promise.all([activateLocale(initialLocale()), router.load()])
  const root = createRoot(container)
  if (!handover) {
    // The screen as the build rendered it (inert and hidden from assistive technology, so
    // nothing is clicked or read out before it works) stays until the live one is ready,
    // then is replaced in one commit: nothing moves, nothing blank is painted
    // (docs/decisions/0207). Over a screen someone can see, it renders as a transition,
    // cut into short tasks, so a tap meanwhile is not kept waiting; a page that waits
    // blank for the app (src/main.tsx) has nothing to tap, and renders at once.
    keepScrollThroughFirstRender(router)
    const app = (
      <>
        <AppRoot router={router} />
        <Live container={container} />
      </>
    )
    if (waitsForApp()) root.render(app)
    else startTransition(() => root.render(app))
    return
  }
  handover.replacing.unmount()
  // A new screen starts at its top (spec §2), as a navigation inside the app does.
  window.scrollTo(0, 0)
  flushSync(() => root.render(<AppRoot router={router} />))
}
