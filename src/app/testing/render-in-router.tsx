import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { createServerStateClient } from '@/api/server-state'
import { type CatalogArea, activateLocale, i18n } from '@/i18n/i18n'
import type { Locale } from '@/i18n/locale'
import { type Session, SessionContext } from '@/session/session'

// Test helper: renders shell UI inside a small in-memory router that knows the
// paths the top bar and footer link to, with a chosen session and language, under
// the server's state as the app frame holds it (src/boot/app-root.tsx).
const PATHS = ['/', '/ugc-actor', '/gallery', '/purchase', '/auth', '/demo', '/privacy', '/terms', '/contact', '/report', '/account'] as const

export const signedOut: Session = { status: 'signed-out' }

export function signedIn(credits: number | null, displayName: string | null = 'Ada'): Session {
  return { status: 'signed-in', user: { uid: 'u1', email: 'ada@example.com', displayName }, record: null, credits }
}

export async function renderInRouter(ui: ReactNode, options: { path?: string; session?: Session; locale?: Locale; areas?: readonly CatalogArea[] } = {}) {
  // The shell's words, and those of the screen under test (its route's loader loads them in the app).
  await activateLocale(options.locale ?? 'en', { areas: options.areas })
  // jsdom has no scrolling; the router resets the scroll after each navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  })
  const screens = PATHS.map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <div data-screen={path} /> }))
  const router = createRouter({
    routeTree: rootRoute.addChildren(screens),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
  })
  await act(() => router.load())
  const serverState = createServerStateClient()
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={serverState}>
        <SessionContext value={options.session ?? signedOut}>
          <RouterProvider router={router} />
        </SessionContext>
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { router, serverState, ...view }
}
