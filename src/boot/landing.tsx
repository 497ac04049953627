import { I18nProvider } from '@lingui/react'
import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { productionUpdates } from '@/app/pwa/service-worker-updates'
import { activateLocale, i18n, initialLocale } from '@/i18n/i18n'
import { isLocale, readStoredLocale, rememberLocaleCookie } from '@/i18n/locale'
import { setLandingRoot } from './handoff'
import { LandingIsland } from './landing-island'
import '@/styles/global.css'

// The entry of the prerendered landing (docs/decisions/0202): the page is already
// painted from HTML; this makes it live in the visitor's language. JavaScript here is
// only what the landing shows; the app loads when the visitor heads for it (handoff.ts).

async function start(container: HTMLElement): Promise<void> {
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

const registerServiceWorker = () => productionUpdates?.(() => {})

/** The app works offline from the first visit; registering after load keeps the worker's downloads off the landing's paint. */
function registerServiceWorkerWhenLoaded(): void {
  if (document.readyState === 'complete') registerServiceWorker()
  else window.addEventListener('load', registerServiceWorker, { once: true })
}

const container = document.getElementById('root')
if (container) void start(container)
