import { Link } from '@tanstack/react-router'
import type { AppLinkProps } from './app-link'

/** AppLink inside the app (a LinkRenderer): the router's own link (client-side navigation, preload on intent, active state). */
export function routerLink({ to, children, ...rest }: AppLinkProps) {
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  )
}
