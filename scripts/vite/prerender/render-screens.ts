// Renders every screen of contract/screens.ts in every language with the app's own
// components: a server-side Vite with the build's config loads src/boot/prerender.tsx,
// so the modules are those the client build sees (Lingui macros, catalogs, routes).
import { createServer, type ResolvedConfig } from 'vite'
import { type Locale, LOCALES } from '../../../contract/locale.ts'
import { LANDING, type Screen, SCREENS } from '../../../contract/screens.ts'
import type { PageHead } from './page-html.ts'

const RENDER_MODULE = '/src/boot/prerender.tsx'

/** A screen as src/boot/prerender.tsx renders it: its HTML, head and the catalogs it shows. */
export type RenderedPage = { screen: Screen; locale: Locale; kind: 'landing' | 'app'; head: PageHead; catalogs: string[]; html: string }

type RenderedScreen = PageHead & { catalogs: string[]; html: string }
type Renderer = { renderScreen(path: string, locale: Locale): Promise<RenderedScreen> }

const isRenderer = (module: Record<string, unknown>): module is Renderer => typeof module.renderScreen === 'function'

export async function renderScreens(config: ResolvedConfig): Promise<RenderedPage[]> {
  const server = await createServer({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  })
  try {
    const module = await server.ssrLoadModule(RENDER_MODULE)
    if (!isRenderer(module)) throw new Error(`prerender: ${RENDER_MODULE} does not export renderScreen`)
    const pages: RenderedPage[] = []
    for (const locale of LOCALES) {
      for (const screen of SCREENS) {
        const { html, catalogs, ...head } = await module.renderScreen(screen, locale)
        pages.push({ screen, locale, kind: screen === LANDING ? 'landing' : 'app', head, catalogs, html })
      }
    }
    return pages
  } finally {
    await server.close()
  }
}
