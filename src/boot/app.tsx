import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { activateLocale, initialLocale } from '@/i18n/i18n'
import { createAppRouter } from '@/router'
import { AppRoot } from './app-root'
import '@/styles/global.css'

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
    root.render(<AppRoot router={router} />)
    return
  }
  handover.replacing.unmount()
  // A new screen starts at its top (spec §2), as a navigation inside the app does.
  window.scrollTo(0, 0)
  flushSync(() => root.render(<AppRoot router={router} />))
}
