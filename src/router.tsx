import type { MessageDescriptor } from '@lingui/core'
import { type RouterHistory, createRouter } from '@tanstack/react-router'
import { RouteError } from './app/route-error'
import { RoutePending } from './app/route-pending'
import { routeTree } from './routeTree.gen'

/**
 * The app's router. Made when the app starts (src/boot/app.tsx) rather than on
 * import, so the landing can hand over to it at the address the visitor chose, and
 * the build can render a route to HTML with a memory history (src/boot/prerender.tsx).
 */
export function createAppRouter({ hydrating = false, ...options }: { history?: RouterHistory; isServer?: boolean; hydrating?: boolean } = {}) {
  const router = createRouter({
    routeTree,
    ...options,
    defaultPreload: 'intent',
    // spec §2 "every page scrolls to top on path change": the router resets the window
    // scroll after each navigation (its resetScroll default) and still honours #hash targets.
    // Navigations that change only the search pass `resetScroll: false` (docs/decisions/0012).
    scrollRestoration: false,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: RoutePending,
  })
  // Hydrating the HTML the build rendered (src/boot/app.tsx): the router draws the tree it
  // drew there. Its server render has no Suspense boundary around the matches and the root
  // route; it leaves them out on a client that carries its `ssr` state too.
  if (hydrating) router.ssr = { manifest: undefined }
  return router
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
  interface StaticDataRouteOption {
    /** spec §2 "Navigation bar" column: whether the top bar shows on this screen. */
    navBar?: boolean
    /** The document title of the screen (translated when shown). */
    title?: MessageDescriptor
  }
}
