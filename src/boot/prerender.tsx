import { msg } from '@lingui/core/macro'
import { createMemoryHistory } from '@tanstack/react-router'
import { prerender } from 'react-dom/static'
import { SITE_DESCRIPTION, SITE_TITLE } from '@/app/site-head'
import { activateLocale, i18n } from '@/i18n/i18n'
import type { Locale } from '@/i18n/locale'
import { createAppRouter } from '@/router'
import { AppRoot } from './app-root'

// Renders a screen to HTML at build time (scripts/vite/prerender.ts): the router
// resolves the route as in the browser and React's prerender renders the app to its
// final HTML, so the page a visitor first sees is the components' own output
// (docs/decisions/0202). Runs in Node, never in the browser.

/** Screens sent as HTML before any script runs: the landing (spec §2), in every language. */
export const PRERENDERED_SCREENS = ['/'] as const

export interface RenderedScreen {
  /** The markup inside #root. */
  html: string
  title: string
  description: string
}

export async function renderScreen(path: string, locale: Locale): Promise<RenderedScreen> {
  await activateLocale(locale)
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }), isServer: true })
  await router.load()
  const { prelude } = await prerender(<AppRoot router={router} />)
  const html = await new Response(prelude).text()
  // As the app names the tab (src/app/shell/use-document-title.ts).
  const screenTitle = router.state.matches.findLast((match) => match.staticData.title)?.staticData.title
  const screen = screenTitle ? i18n._(screenTitle) : null
  const title = screen ? i18n._(msg`${screen} · Actorly`) : i18n._(SITE_TITLE)
  return { html, title, description: i18n._(SITE_DESCRIPTION) }
}
