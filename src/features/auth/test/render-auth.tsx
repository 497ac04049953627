import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { loadCatalog } from '@/i18n/i18n'
import type { Locale } from '@/i18n/locale'

/**
 * Renders an auth screen at /auth in a router that also knows /ugc-actor (where
 * sign-in leads), with Lingui in the given language. Returns the router to read
 * where the user ended up.
 */
export async function renderAuth(ui: ReactElement, options: { locale?: Locale } = {}) {
  const { locale = 'en' } = options
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale, messages: locale === 'en' ? {} : await loadCatalog(locale) })
  const root = createRootRoute({ component: Outlet })
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/auth', component: () => ui }),
    createRoute({ getParentRoute: () => root, path: '/ugc-actor', component: () => <p>generator</p> }),
    createRoute({ getParentRoute: () => root, path: '/terms', component: () => <p>terms</p> }),
    createRoute({ getParentRoute: () => root, path: '/privacy', component: () => <p>privacy</p> }),
  ])
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/auth'] }) })
  await router.load()
  const view = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return { ...view, router }
}
