import { I18nProvider } from '@lingui/react'
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { activateLocale, i18n } from '@/i18n/i18n'
import { RouteError } from './route-error'
import { RoutePending } from './route-pending'

describe('RouteError', () => {
  beforeAll(() => activateLocale('en'))

  it('shows a failure and Retry loads the screen again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    let attempts = 0
    const rootRoute = createRootRoute()
    const screenRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: '/',
      loader: () => {
        attempts += 1
        if (attempts === 1) throw new Error('network down')
        return 'ready'
      },
      component: () => <p>{screenRoute.useLoaderData()}</p>,
    })
    const router = createRouter({
      routeTree: rootRoute.addChildren([screenRoute]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: RouteError,
      defaultPendingComponent: RoutePending,
    })
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    )
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('ready')).toBeInTheDocument()
    expect(attempts).toBe(2)
  })
})
