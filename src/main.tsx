import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { activateLocale, i18n, initialLocale } from './i18n/i18n'
import { router } from './router'
import { SessionProvider } from './session/session-provider'
import './styles/global.css'

async function boot() {
  await activateLocale(initialLocale())
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

void boot()
