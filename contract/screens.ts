import type { Locale } from './locale.ts'

// The app's screens (spec §2, docs/product.md "Routes") and the page the build
// writes for each in every language (docs/decisions/0202, 0207, 0309). One list for
// the build that renders them, the server and the service worker that send them, and
// the tools that measure and test them; a test keeps it equal to the router's routes
// (src/boot/screens.test.ts). Free of DOM and Node APIs.

export const SCREENS = [
  '/',
  '/auth',
  '/demo',
  '/gallery',
  '/ugc-actor',
  '/consistent-actor',
  '/purchase',
  '/success',
  '/cancel',
  '/privacy',
  '/terms',
  '/contact',
  '/report',
  '/account',
  '/developers',
] as const

export type Screen = (typeof SCREENS)[number]

/** The landing: its page starts light and hands over to the app (docs/decisions/0202). */
export const LANDING = '/' satisfies Screen

export type AppScreen = Exclude<Screen, typeof LANDING>

const isAppScreen = (screen: Screen): screen is AppScreen => screen !== LANDING

/** Every screen but the landing: its page is the screen as a visitor first sees it, taken over by the app (docs/decisions/0208). */
export const APP_SCREENS: readonly AppScreen[] = SCREENS.filter(isAppScreen)

export function isScreen(path: string): path is Screen {
  return (SCREENS as readonly string[]).includes(path)
}

/** The screen an address's path shows (a trailing slash aside), or null for a path that is none. */
export function screenAt(pathname: string): Screen | null {
  const path = pathname.replace(/\/+$/, '') || LANDING
  return isScreen(path) ? path : null
}

/** The build's page of a screen in a language, relative to the build's folder: pages/<locale>/<screen>.html, the landing being index. */
export function pageFile(screen: Screen, locale: Locale): string {
  return `pages/${locale}/${screen === LANDING ? 'index' : screen.slice(1)}.html`
}
