import { msg } from '@lingui/core/macro'
import { createMemoryHistory } from '@tanstack/react-router'
import { prerender } from 'react-dom/static'
import { SITE_DESCRIPTION, SITE_NEEDS_JAVASCRIPT, SITE_START_PAGE, SITE_TITLE } from '@/app/site-head'
import { activateLocale, type CatalogArea, i18n } from '@/i18n/i18n'
import type { Locale } from '@/i18n/locale'
import { type AppRouter, createAppRouter } from '@/router'
import { AppRoot } from './app-root'

// Renders screens to HTML at build time (scripts/vite/prerender/): the router
// resolves the route as in the browser and React's prerender renders the app to its
// final HTML, so the page a visitor first sees is the components' own output
// (docs/decisions/0202, 0207, 0208). Every screen of contract/screens.ts, in every
// language, as a visitor who is not signed in first sees it: the landing's HTML is
// hydrated by its own light entry (src/boot/landing.ts), every other screen's by the
// app (src/boot/app.tsx). Runs in Node, never in the browser.

export interface ScreenHead {
  title: string
  description: string
  /** What a browser without JavaScript is told on an app screen, and its link to the landing. */
  noScript: string
  noScriptLink: string
  /** The catalogs the screen shows (the shell's and its own). */
  catalogs: CatalogArea[]
}

export interface RenderedScreen extends ScreenHead {
  /** The markup inside #root. */
  html: string
}

async function loadScreen(path: string, locale: Locale): Promise<{ router: AppRouter; head: ScreenHead }> {
  await activateLocale(locale)
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }), isServer: true })
  await router.load()
  const { matches } = router.state
  // As the app names the tab (src/app/shell/use-document-title.ts).
  const screenTitle = matches.findLast((match) => match.staticData.title)?.staticData.title
  const screen = screenTitle ? i18n._(screenTitle) : null
  const catalogs = new Set<CatalogArea>(['common'])
  for (const match of matches) for (const area of Array.isArray(match.loaderData) ? match.loaderData : []) catalogs.add(area)
  const head = {
    title: screen ? i18n._(msg`${screen} · Actorly`) : i18n._(SITE_TITLE),
    description: i18n._(SITE_DESCRIPTION),
    noScript: i18n._(SITE_NEEDS_JAVASCRIPT),
    noScriptLink: i18n._(SITE_START_PAGE),
    catalogs: [...catalogs],
  }
  return { router, head }
}

export async function renderScreen(path: string, locale: Locale): Promise<RenderedScreen> {
  const { router, head } = await loadScreen(path, locale)
  // A screen that throws while rendering would otherwise ship as its loading state with
  // a note to render it in the browser: the build fails instead.
  const errors: unknown[] = []
  const { prelude } = await prerender(<AppRoot router={router} />, { onError: (error) => void errors.push(error) })
  if (errors.length > 0) throw new Error(`prerender: ${path} (${locale}) did not render`, { cause: errors[0] })
  return { ...head, html: await new Response(prelude).text() }
}
