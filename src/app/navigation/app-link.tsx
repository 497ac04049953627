import type { RegisteredRouter } from '@tanstack/react-router'
import { type AnchorHTMLAttributes, createContext, type ReactNode, useContext } from 'react'

// A link to a screen, for components that also render on the landing before the
// router has loaded (the landing's sections, the footer). Inside the app it is the
// router's <Link> (router-link.tsx); on the landing it is a plain <a> that hands the
// page over to the app when followed (src/boot/handoff.ts). Both render the same
// <a href>, so the landing's prerendered HTML hydrates either way (docs/decisions/0202).

/** A screen's path, as the router registered them (src/router.tsx): the type, not the route tree, so no screen is imported here. */
export type AppPath = keyof RegisteredRouter['routeTree']['types']['fileRouteTypes']['fileRoutesByTo']

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: AppPath; children: ReactNode }

/** Draws a link's element (no hooks: it is called, not mounted). */
export type LinkRenderer = (props: AppLinkProps) => ReactNode

/** Without a renderer a link is a plain <a>: it still works, by loading the page. */
function plainLink({ to, children, ...rest }: AppLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  )
}

export const LinkRendererContext = createContext<LinkRenderer>(plainLink)

export function AppLink(props: AppLinkProps) {
  const render = useContext(LinkRendererContext)
  return render(props)
}
