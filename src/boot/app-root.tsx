import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useState } from 'react'
import { createServerStateClient } from '@/api/server-state'
import { LinkRendererContext } from '@/app/navigation/app-link'
import { routerLink } from '@/app/navigation/router-link'
import { thisDevice } from '@/app/this-device'
import { i18n } from '@/i18n/i18n'
import type { AppRouter } from '@/router'
import { SessionProvider } from '@/session/session-provider'

/**
 * The whole app around the router: language, the server's state (docs/decisions/0300),
 * session (with what this device forgets at sign-out, docs/decisions/0310), and links that navigate through the router. The landing starts without
 * any of this but the language (src/boot/landing-island.tsx).
 */
export function AppRoot({ router }: { router: AppRouter }) {
  const [serverState] = useState(createServerStateClient)
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={serverState}>
          <SessionProvider device={thisDevice}>
            <LinkRendererContext value={routerLink}>
              <RouterProvider router={router} />
            </LinkRendererContext>
          </SessionProvider>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  )
}
