import { useLayoutEffect } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { activateLocale, initialLocale } from '@/i18n/i18n'
import { type AppRouter, createAppRouter } from '@/router'
import { AppRoot } from './app-root'
import { APP_LIVE_MARK, stopWaiting, waitsForApp } from './prerendered-page'
import { replayHeldInput } from './replay-input'
import '@/styles/global.css'

/**
 * React hydrates the shell in its first commit and each Suspense boundary (the screen
 * is in two, the router's) after it, when nothing else is waiting. A discrete event
 * has it hydrate the part it targets at once, as for a visitor's tap: one that does
 * not bubble and that nothing handles brings the whole screen to life now.
 */
function hydrateScreenNow(container: HTMLElement): void {
  container.querySelector('main')?.dispatchEvent(new Event('input'))
}

/**
 * Once the app has the screen: a page that waited blank shows it, the screen is
 * hydrated, the moment is marked for the bench (scripts/bench/paint-to-live.ts), and
 * what the visitor did meanwhile is replayed on the live screen.
 */
function TakenOver({ container, hydrating }: { container: HTMLElement; hydrating: boolean }) {
  useLayoutEffect(() => {
    stopWaiting()
    // After the commit: React does not hydrate inside it.
    const timer = setTimeout(() => {
      if (hydrating) hydrateScreenNow(container)
      performance.mark(APP_LIVE_MARK)
      const held = window.actorlyHeldInput
      window.actorlyHeldInput = undefined
      if (held) void replayHeldInput(held, container)
    }, 0)
    return () => clearTimeout(timer)
  }, [container, hydrating])
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
  const locale = initialLocale()
  // The screen as the build rendered it for a visitor, in this device's language: the
  // app's first render here is that same screen, so it takes the HTML over as it is
  // (docs/decisions/0208). A page that waits for the app shows nothing to take over.
  const hydrating = !handover && !waitsForApp() && container.hasChildNodes() && container.dataset.locale === locale
  const router = createAppRouter({ hydrating })
  if (handover) router.history.push(handover.at)
  await Promise.all([activateLocale(locale), router.load()])
  if (handover) {
    const root = createRoot(container)
    handover.replacing.unmount()
    // A new screen starts at its top (spec §2), as a navigation inside the app does.
    window.scrollTo(0, 0)
    flushSync(() => root.render(<AppRoot router={router} />))
    return
  }
  keepScrollThroughFirstRender(router)
  const app = (
    <>
      <AppRoot router={router} />
      <TakenOver container={container} hydrating={hydrating} />
    </>
  )
  if (hydrating) hydrateRoot(container, app)
  else createRoot(container).render(app)
}
