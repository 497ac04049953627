import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { LinkRendererContext } from '@/app/navigation/app-link'
import { routerLink } from '@/app/navigation/router-link'
import { i18n } from '@/i18n/i18n'
import type { AppRouter } from '@/router'
import { SessionProvider } from '@/session/session-provider'

/** The whole app around the router: language, session, and links that navigate through the router. */
export function AppRoot({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SessionProvider>
          <LinkRendererContext value={routerLink}>
            <RouterProvider router={router} />
          </LinkRendererContext>
        </SessionProvider>
      </I18nProvider>
    </StrictMode>
  )
}
