import { useLingui } from '@lingui/react/macro'
import { lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useState } from 'react'
import { type AppLinkProps, LinkRendererContext } from '@/app/navigation/app-link'
import { browserFacts, iosHintDismissed, shouldHintIosInstall } from '@/app/pwa/ios-install'
import { Footer } from '@/app/shell/footer'
import { SITE_TITLE } from '@/app/site-head'
import { thisDevice } from '@/app/this-device'
import { useHydrated } from '@/app/use-hydrated'
import { LandingPage } from '@/features/landing/landing-page'
import { IdentityProvider } from '@/session/identity-provider'
import { openInApp, warmUpApp } from './handoff'

// The landing as it starts on a first visit: the same components the app shows at `/`
// (the landing screen and the footer), without the router, the app frame or the
// identity SDK (docs/decisions/0202). It hydrates the HTML the build rendered through
// the router, so its tree mirrors what the router renders around a screen.

/** A link's click that the browser should handle itself (new tab, download, a modifier key). */
function leavesThePage(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
}

/** AppLink on the landing (a LinkRenderer): a plain <a>; pointing at it loads the app, following it opens the app there. */
function handoffLink({ to, children, onClick, ...rest }: AppLinkProps) {
  return (
    <a
      href={to}
      {...rest}
      onPointerEnter={warmUpApp}
      onTouchStart={warmUpApp}
      onFocus={warmUpApp}
      onClick={(event) => {
        onClick?.(event)
        if (leavesThePage(event)) return
        event.preventDefault()
        void openInApp(to)
      }}
    >
      {children}
    </a>
  )
}

/**
 * What the router renders around a screen on the server: its outlet and the screen's
 * match are each a Suspense boundary (src/boot/prerender.test.tsx keeps this true).
 */
function RouterOutletShape({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </Suspense>
  )
}

const IosInstallHint = lazy(() => import('@/app/pwa/ios-install-hint').then((module) => ({ default: module.IosInstallHint })))

/** The install hint for Safari on iOS, as the app frame shows it: loaded only where it will show. */
function IosHintWhereUseful() {
  const hydrated = useHydrated()
  const [useful] = useState(() => typeof navigator !== 'undefined' && shouldHintIosInstall(browserFacts()) && !iosHintDismissed())
  if (!hydrated || !useful) return null
  return (
    <Suspense fallback={null}>
      <IosInstallHint />
    </Suspense>
  )
}

/** The tab's title in the active language (the app's frame does this for every other screen). */
function useLandingTitle(): void {
  const { i18n } = useLingui()
  const title = i18n._(SITE_TITLE)
  useEffect(() => {
    document.title = title
  }, [title])
}

export function LandingIsland() {
  useLandingTitle()
  return (
    // Someone signed in on this device sees the footer's Report link (spec §2); for anyone else the SDK stays
    // unloaded. The landing shows no balance: the user record and its QueryClient are the app's (docs/decisions/0300).
    <IdentityProvider device={thisDevice} checkDeletedAccounts={false}>
      <LinkRendererContext value={handoffLink}>
        <RouterOutletShape>
          <LandingPage />
        </RouterOutletShape>
        <Footer withLanguageSwitcher />
        <IosHintWhereUseful />
      </LinkRendererContext>
    </IdentityProvider>
  )
}
