import { Navigate, createRootRoute } from '@tanstack/react-router'
import { AppShell } from '@/app/shell/app-shell'

export const Route = createRootRoute({
  component: AppShell,
  // spec §2: any other path goes to / replacing history. The splat route ($.tsx)
  // redirects before anything renders; this catches a notFound() thrown by a route.
  notFoundComponent: () => <Navigate to="/" replace />,
})
