import { I18nProvider } from '@lingui/react'
import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { activateLocale, i18n, initialLocale } from '@/i18n/i18n'
import { isLocale, readStoredLocale, rememberLocaleCookie } from '@/i18n/locale'
import { setLandingRoot } from './handoff'
import { LandingIsland } from './landing-island'
import '@/styles/global.css'

// Brings the prerendered landing to life in the visitor's language (docs/decisions/0202),
// once its HTML is on screen (landing.ts). JavaScript here is only what the landing
// shows; the app loads when the visitor heads for it (handoff.ts).

export async function startLanding(container: HTMLElement): Promise<void> {
  const locale = initialLocale()
  const stored = readStoredLocale()
  // A choice stored before the language cookie existed: let the server and the worker know it too.
  if (isLocale(stored)) rememberLocaleCookie(stored)
  await activateLocale(locale, { areas: ['landing'] })
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <LandingIsland />
      </I18nProvider>
    </StrictMode>
  )
  // The HTML is in the visitor's language unless their stored choice never reached the
  // server (an older visit): then the page is drawn again in the chosen one.
  const prerendered = container.firstElementChild !== null && container.dataset.locale === locale
  if (prerendered) {
    setLandingRoot(hydrateRoot(container, app))
  } else {
    container.replaceChildren()
    const root = createRoot(container)
    // In the same task as the clearing: no blank frame in between.
    flushSync(() => root.render(app))
    setLandingRoot(root)
  }
  registerServiceWorkerWhenLoaded()
}

/**
 * The app works offline from the first visit: the landing registers its worker, with
 * the browser's own call. Offering a waiting update is the app's (service-worker-updates.ts,
 * whose worker this is, and workbox-window with it): the landing loads none of that
 * (docs/decisions/0208).
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('Service worker registration failed', error))
}

/** Registering after load keeps the worker's downloads off the landing's paint. */
function registerServiceWorkerWhenLoaded(): void {
  if (document.readyState === 'complete') registerServiceWorker()
  else window.addEventListener('load', registerServiceWorker, { once: true })
}
