// Vite plugin: prerenders screens into real HTML at build time (docs/decisions/0202).
// The build gets a second entry, the landing's (src/boot/landing.tsx); once the
// client bundle is made, a server-side Vite loads src/boot/prerender.tsx, which
// renders each screen through the app's router with React's prerender API, in
// every language. Each page is the app shell's HTML (index.html as built, so its
// head never drifts) with the landing entry's script, its CSS inlined, the screen's
// markup in #root and the title, description and lang of its language; written to
// dist/pages/<locale>/<screen>.html for the server and the service worker to send.
import path from 'node:path'
import { createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite'
import type { Locale } from '../../contract/locale.ts'
import { LOCALES } from '../../contract/locale.ts'

const RENDER_MODULE = '/src/boot/prerender.tsx'
const LANDING_ENTRY = 'src/boot/landing.tsx'
/** The catalogs the landing shows (src/i18n): preloaded with the page in its language, not found only once the script runs. */
const LANDING_CATALOGS = ['common', 'landing']

type RenderedScreen = { html: string; title: string; description: string }
type Renderer = { PRERENDERED_SCREENS: readonly string[]; renderScreen(path: string, locale: Locale): Promise<RenderedScreen> }

function isRenderer(module: Record<string, unknown>): module is Renderer {
  return typeof module.renderScreen === 'function' && Array.isArray(module.PRERENDERED_SCREENS)
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The chunk and every chunk it imports statically, entry first. */
function staticGraph(bundle: Rollup.OutputBundle, entry: Rollup.OutputChunk): Rollup.OutputChunk[] {
  const seen = new Map<string, Rollup.OutputChunk>([[entry.fileName, entry]])
  const visit = (chunk: Rollup.OutputChunk) => {
    for (const name of chunk.imports) {
      const next = bundle[name]
      if (next?.type !== 'chunk' || seen.has(name)) continue
      seen.set(name, next)
      visit(next)
    }
  }
  visit(entry)
  return [...seen.values()]
}

/** The landing entry's tags: its script, preloads of its imports and its CSS, inlined (one request less before the first paint). */
function landingTags(bundle: Rollup.OutputBundle, base: string): string {
  const entry = Object.values(bundle).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry && item.name === 'landing')
  if (!entry) throw new Error(`prerender: the build has no landing entry (${LANDING_ENTRY})`)
  const graph = staticGraph(bundle, entry)
  const css = graph.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])
  const styles = [...new Set(css)].map((file) => {
    const asset = bundle[file]
    if (asset?.type !== 'asset') throw new Error(`prerender: missing CSS ${file}`)
    return `<style>${String(asset.source)}</style>`
  })
  const preloads = graph.slice(1).map((chunk) => `<link rel="modulepreload" crossorigin href="${base}${chunk.fileName}">`)
  return [`<script type="module" crossorigin src="${base}${entry.fileName}"></script>`, ...preloads, ...styles].join('\n    ')
}

/** The built shell without the app entry's tags (index.html has no scripts or stylesheets of its own). */
function withoutAppEntry(shellHtml: string): string {
  return shellHtml
    .replaceAll(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replaceAll(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
}

function catalogPreloads(bundle: Rollup.OutputBundle, base: string, locale: Locale): string {
  const wanted = LANDING_CATALOGS.map((area) => `/src/locales/${locale}/${area}.po`)
  const chunks = Object.values(bundle).filter(
    (item): item is Rollup.OutputChunk => item.type === 'chunk' && wanted.some((suffix) => item.facadeModuleId?.endsWith(suffix) === true),
  )
  if (chunks.length !== wanted.length) throw new Error(`prerender: expected the ${locale} catalogs ${LANDING_CATALOGS.join(', ')} as chunks`)
  return chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="${base}${chunk.fileName}">`).join('\n    ')
}

function fillPage(template: string, screen: RenderedScreen, locale: Locale, preloads: string): string {
  const page = template
    .replace('</head>', `  ${preloads}\n  </head>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(screen.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(screen.description)}"`)
    .replace('<div id="root"></div>', `<div id="root" data-locale="${locale}">${screen.html}</div>`)
  if (!page.includes(`data-locale="${locale}"`)) throw new Error('prerender: index.html has no empty <div id="root"></div>')
  return page
}

/** `/` → index, `/privacy` → privacy: the server's file for a screen (server/http/page-locale.ts). */
const pageName = (screen: string) => (screen === '/' ? 'index' : screen.replace(/^\//, ''))

async function renderAll(config: ResolvedConfig): Promise<{ screen: string; locale: Locale; rendered: RenderedScreen }[]> {
  // A server-side Vite with the same config: the app's modules as the client build sees them (Lingui macros, catalogs, routes).
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
    if (!isRenderer(module)) throw new Error(`prerender: ${RENDER_MODULE} does not export renderScreen and PRERENDERED_SCREENS`)
    const pages = []
    for (const locale of LOCALES) {
      for (const screen of module.PRERENDERED_SCREENS) pages.push({ screen, locale, rendered: await module.renderScreen(screen, locale) })
    }
    return pages
  } finally {
    await server.close()
  }
}

export function prerender(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'actorly:prerender',
    apply: 'build',
    config(userConfig) {
      const root = userConfig.root ?? process.cwd()
      return { build: { rolldownOptions: { input: { index: path.resolve(root, 'index.html'), landing: path.resolve(root, LANDING_ENTRY) } } } }
    },
    configResolved(resolved) {
      config = resolved
    },
    generateBundle: {
      // After Vite has written the built index.html into the bundle.
      order: 'post',
      async handler(_options, bundle) {
        if (config.build.ssr) return
        const shell = bundle['index.html']
        if (shell?.type !== 'asset') throw new Error('prerender: the build has no index.html')
        const template = withoutAppEntry(String(shell.source)).replace('</head>', `  ${landingTags(bundle, config.base)}\n  </head>`)
        for (const { screen, locale, rendered } of await renderAll(config)) {
          const source = fillPage(template, rendered, locale, catalogPreloads(bundle, config.base, locale))
          this.emitFile({ type: 'asset', fileName: `pages/${locale}/${pageName(screen)}.html`, source })
        }
      },
    },
  }
}
