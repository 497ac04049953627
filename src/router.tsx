import type { MessageDescriptor } from '@lingui/core'
import { createRouter } from '@tanstack/react-router'
import { RouteError } from './app/route-error'
import { RoutePending } from './app/route-pending'
import { routeTree } from './routeTree.gen'

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // spec §2 "every page scrolls to top on path change": the router resets the window
  // scroll after each navigation (its resetScroll default) and still honours #hash targets.
  // Navigations that change only the search pass `resetScroll: false` (docs/decisions/0012).
  scrollRestoration: false,
  defaultErrorComponent: RouteError,
  defaultPendingComponent: RoutePending,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
  interface StaticDataRouteOption {
    /** spec §2 "Navigation bar" column: whether the top bar shows on this screen. */
    navBar?: boolean
    /** The document title of the screen (translated when shown). */
    title?: MessageDescriptor
  }
}
