// Vite plugin: the HTML of every screen, made at build time (docs/decisions/0202, 0207).
// The build gets a second entry, the landing's (src/boot/landing.ts). Once the client
// bundle is made, a server-side Vite loads src/boot/prerender.tsx, which resolves each
// screen through the app's router, in every language:
// - the landing is rendered with React's prerender API into the built index.html's
//   head (so it never drifts) with the landing entry instead of the app's and its CSS
//   inlined;
// - every other screen is rendered too, as a visitor first sees it, into the app's
//   index.html as built: inert until the app replaces it, its styles in the head, the
//   code it needs listed for the entry to fetch after the first paint, the script
//   that keeps the page blank where this device would see something else, and a
//   <noscript> line.
// Each page has the title, description and lang of its language and is written to
// dist/pages/<locale>/<screen>.html, which the server and the service worker send.
import path from 'node:path'
import { createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite'
import type { Locale } from '../../contract/locale.ts'
import { LOCALES } from '../../contract/locale.ts'

const RENDER_MODULE = '/src/boot/prerender.tsx'
const LANDING_ENTRY = 'src/boot/landing.ts'
/** The landing entry's file name prefix, unlike any other chunk's. */
const LANDING_ENTRY_NAME = 'landing-entry'

type ScreenHead = { title: string; description: string; noScript: string; noScriptLink: string; catalogs: string[] }
type RenderedScreen = ScreenHead & { html: string }
type Renderer = {
  PRERENDERED_SCREENS: readonly string[]
  SHELL_SCREENS: readonly string[]
  renderScreen(path: string, locale: Locale): Promise<RenderedScreen>
  /** The device's localStorage keys (src/device/names.ts). */
  STORAGE_KEYS: StorageKeys
}
type StorageKeys = { locale: string; sessionHint: string }
/** The landing hydrates its HTML (src/boot/landing.ts); an app screen's HTML is shown inert until the app replaces it (src/boot/app.tsx). */
type Page = { fileName: string; locale: Locale; head: ScreenHead; html: string; screen: string; kind: 'landing' | 'app' }

function isStorageKeys(keys: unknown): keys is StorageKeys {
  return (
    typeof keys === 'object' &&
    keys !== null &&
    'locale' in keys &&
    typeof keys.locale === 'string' &&
    'sessionHint' in keys &&
    typeof keys.sessionHint === 'string'
  )
}

function isRenderer(module: Record<string, unknown>): module is Renderer {
  return (
    typeof module.renderScreen === 'function' &&
    Array.isArray(module.PRERENDERED_SCREENS) &&
    Array.isArray(module.SHELL_SCREENS) &&
    isStorageKeys(module.STORAGE_KEYS)
  )
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

function chunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
}

/** The chunks, and every chunk they import statically. */
function withStaticImports(bundle: Rollup.OutputBundle, roots: readonly Rollup.OutputChunk[]): Rollup.OutputChunk[] {
  const seen = new Map<string, Rollup.OutputChunk>()
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return
    seen.set(chunk.fileName, chunk)
    for (const name of chunk.imports) {
      const next = bundle[name]
      if (next?.type === 'chunk') visit(next)
    }
  }
  for (const root of roots) visit(root)
  return [...seen.values()]
}

/** A locale's catalogs (src/locales/<locale>/<area>.po) as the chunks the build made of them. */
function catalogChunks(bundle: Rollup.OutputBundle, locale: Locale, areas: readonly string[]): Rollup.OutputChunk[] {
  const found = areas.map((area) => chunks(bundle).find((chunk) => chunk.facadeModuleId?.endsWith(`/src/locales/${locale}/${area}.po`) === true))
  if (found.some((chunk) => chunk === undefined)) throw new Error(`prerender: the ${locale} catalogs ${areas.join(', ')} are not all chunks`)
  return found.filter((chunk) => chunk !== undefined)
}

/**
 * The landing's tags: its entry and its CSS, inlined (one request less before the first
 * paint). Its code is not preloaded: the entry fetches it once the page has painted, so
 * no script download competes with the first paint (docs/decisions/0202).
 */
function landingTags(bundle: Rollup.OutputBundle, base: string): string {
  const entry = chunks(bundle).find((chunk) => chunk.isEntry && chunk.name === 'landing')
  if (!entry) throw new Error(`prerender: the build has no landing entry (${LANDING_ENTRY})`)
  const started = entry.dynamicImports.map((name) => bundle[name]).filter((chunk) => chunk?.type === 'chunk')
  const css = [...cssOf(withStaticImports(bundle, [entry, ...started]))]
  const styles = css.map((file) => {
    const asset = bundle[file]
    if (asset?.type !== 'asset') throw new Error(`prerender: missing CSS ${file}`)
    return `<style>${String(asset.source)}</style>`
  })
  return [`<script type="module" crossorigin src="${base}${entry.fileName}"></script>`, ...styles].join('\n    ')
}

function cssOf(graph: readonly Rollup.OutputChunk[]): Set<string> {
  return new Set(graph.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))
}

/** The CSS of the chunks and all they import statically, in cascade order: a chunk's imports' styles before its own. */
function cssInOrder(bundle: Rollup.OutputBundle, roots: readonly Rollup.OutputChunk[]): string[] {
  const seen = new Set<string>()
  const css = new Set<string>()
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return
    seen.add(chunk.fileName)
    for (const name of chunk.imports) {
      const next = bundle[name]
      if (next?.type === 'chunk') visit(next)
    }
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file)
  }
  for (const root of roots) visit(root)
  return [...css]
}

/**
 * An app screen's styles and code beyond the tags Vite gave the app's entry: the app
 * that the entry starts after the first paint (src/main.tsx), the route's split
 * chunks, all they import, and their CSS. The styles go in the head (without them
 * the screen's HTML would paint unstyled); the code is fetched once the page has
 * painted, all at once (src/main.tsx), so no download competes with the first paint
 * and the app need not discover its code one round trip after another.
 */
function screenAssets(
  bundle: Rollup.OutputBundle,
  base: string,
  root: string,
  screen: string,
  appEntry: Rollup.OutputChunk,
): { styles: string[]; code: string[] } {
  const routeFile = path.join(root, 'src', 'routes', `${screen.slice(1)}.tsx`)
  const split = chunks(bundle).filter((chunk) => chunk.facadeModuleId?.startsWith(`${routeFile}?`) === true)
  const started = appEntry.dynamicImports.map((name) => bundle[name]).filter((chunk) => chunk?.type === 'chunk')
  const entryGraph = withStaticImports(bundle, [appEntry])
  const already = new Set(entryGraph.map((chunk) => chunk.fileName))
  const own = withStaticImports(bundle, [...started, ...split]).filter((chunk) => !already.has(chunk.fileName))
  const entryCss = cssOf(entryGraph)
  const styles = cssInOrder(bundle, [...started, ...split])
    .filter((file) => !entryCss.has(file))
    .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`)
  return { styles, code: own.map((chunk) => `${base}${chunk.fileName}`) }
}

/**
 * The landing's CSS is inlined in its HTML, but Vite's loader would fetch it again
 * with the code the entry starts: drop the stylesheets from the entry's preload lists
 * (`__vite__mapDeps([…])` indexes into one list of files).
 */
function withoutCssPreloads(code: string): string {
  const list = /m\.f=(\[[^\]]*\])/.exec(code)?.[1]
  if (list === undefined) return code
  const files: unknown = JSON.parse(list)
  if (!Array.isArray(files)) return code
  const css = new Set(files.flatMap((file, index) => (typeof file === 'string' && file.endsWith('.css') ? [index] : [])))
  return code.replaceAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, indexes: string) => {
    const kept = indexes.split(',').filter((index) => index !== '' && !css.has(Number(index)))
    return `__vite__mapDeps([${kept.join(',')}])`
  })
}

/** The built shell without the app entry's tags (index.html has no scripts or stylesheets of its own). */
function withoutAppEntry(shellHtml: string): string {
  return shellHtml.replaceAll(/\s*<script type="module"[^>]*><\/script>/g, '').replaceAll(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
}

function fillPage(template: string, page: Page, headTags: readonly string[]): string {
  const noScript = `<noscript><p class="container">${escapeHtml(page.head.noScript)} <a href="/">${escapeHtml(page.head.noScriptLink)}</a></p></noscript>`
  const root =
    page.kind === 'app'
      ? `${noScript}\n    <div id="root" data-locale="${page.locale}" inert aria-hidden="true">${page.html}</div>`
      : `<div id="root" data-locale="${page.locale}">${page.html}</div>`
  const filled = template
    .replace('</head>', `  ${headTags.join('\n    ')}\n  </head>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${page.locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(page.head.description)}"`)
    .replace('<div id="root"></div>', root)
  if (!filled.includes(`<html lang="${page.locale}"`) || !filled.includes(`data-locale="${page.locale}"`)) {
    throw new Error('prerender: index.html lacks <html lang>, or an empty <div id="root"></div>')
  }
  return filled
}

/** `/` → index, `/privacy` → privacy: the server's file for a screen (server/http/page-locale.ts). */
const pageName = (screen: string) => (screen === '/' ? 'index' : screen.slice(1))

/** The page's list of the code its screen needs (src/main.tsx fetches it; the name is src/boot/prerendered-page.ts's). */
const APP_CODE_META = 'app-code'

/** The script's read of a stored value (`s` is localStorage there). */
const storedIn = (key: string) => `s.getItem(${JSON.stringify(key)})`

/**
 * The one script an app page runs before it paints. The page shows the screen as a
 * visitor without a query string sees it in the page's language; where this device
 * would be shown something else (someone is signed in here: the session hint,
 * src/device/names.ts; the address carries a query; the language chosen here
 * is not the page's), it marks the page, which then waits blank for the app
 * (src/styles/global.css, src/main.tsx; docs/decisions/0207), and starts fetching the
 * app's code at once: there is no first paint to wait for.
 */
function waitForAppScript(keys: StorageKeys): string {
  // The list in the meta's content; someone signed in here also needs the device database (its data-signed-in list).
  const preload =
    `var m=document.querySelector('meta[name="${APP_CODE_META}"]'),c=m?m.content+(h!==null?" "+m.getAttribute("data-signed-in"):""):"";` +
    `c.split(" ").forEach(function(u){if(!u)return;var k=document.createElement("link");k.rel="modulepreload";k.crossOrigin="";k.href=u;document.head.appendChild(k)})`
  return (
    `try{var s=localStorage,l=${storedIn(keys.locale)},h=${storedIn(keys.sessionHint)},d=document.documentElement;` +
    `if(h!==null||location.search!==""||(l!==null&&l!==d.lang)){d.setAttribute("data-wait-for-app","");${preload}}}catch(e){}\n`
  )
}

async function renderAll(config: ResolvedConfig): Promise<{ pages: Page[]; storageKeys: StorageKeys }> {
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
    if (!isRenderer(module)) throw new Error(`prerender: ${RENDER_MODULE} does not export what this plugin needs`)
    const pages: Page[] = []
    for (const locale of LOCALES) {
      for (const screen of module.PRERENDERED_SCREENS) {
        const { html, ...head } = await module.renderScreen(screen, locale)
        pages.push({ fileName: `pages/${locale}/${pageName(screen)}.html`, locale, head, html, screen, kind: 'landing' })
      }
      for (const screen of module.SHELL_SCREENS) {
        const { html, ...head } = await module.renderScreen(screen, locale)
        pages.push({ fileName: `pages/${locale}/${pageName(screen)}.html`, locale, head, html, screen, kind: 'app' })
      }
    }
    return { pages, storageKeys: module.STORAGE_KEYS }
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
      return {
        build: {
          rolldownOptions: {
            input: { index: path.resolve(root, 'index.html'), landing: path.resolve(root, LANDING_ENTRY) },
            output: { entryFileNames: (chunk) => `assets/${chunk.name === 'landing' ? LANDING_ENTRY_NAME : '[name]'}-[hash].js` },
          },
        },
      }
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
        const appEntry = chunks(bundle).find((chunk) => chunk.isEntry && chunk.facadeModuleId === path.resolve(config.root, 'index.html'))
        if (!appEntry) throw new Error('prerender: the build has no entry for index.html')
        const landing = withoutAppEntry(String(shell.source))
        const landingHead = landingTags(bundle, config.base)
        // Someone signed in reads the device database on every screen (their jobs, kept videos, gallery copy).
        const deviceDbChunks = chunks(bundle).filter((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/device/device-db.ts')))
        // A moved module must not leave the list empty without a word.
        if (deviceDbChunks.length === 0) throw new Error('prerender: no chunk holds src/device/device-db.ts')
        const signedInCode = withStaticImports(bundle, deviceDbChunks).map((chunk) => `${config.base}${chunk.fileName}`)
        const landingEntry = chunks(bundle).find((chunk) => chunk.isEntry && chunk.name === 'landing')
        if (landingEntry) landingEntry.code = withoutCssPreloads(landingEntry.code)
        const { pages, storageKeys } = await renderAll(config)
        const waitScript = this.emitFile({ type: 'asset', name: 'wait-for-app.js', source: waitForAppScript(storageKeys) })
        const waitTag = `<script src="${config.base}${this.getFileName(waitScript)}"></script>`
        for (const page of pages) {
          if (page.kind === 'landing') {
            this.emitFile({ type: 'asset', fileName: page.fileName, source: fillPage(landing, page, [landingHead]) })
            continue
          }
          const { styles, code } = screenAssets(bundle, config.base, config.root, page.screen, appEntry)
          const catalogs = catalogChunks(bundle, page.locale, page.head.catalogs).map((chunk) => `${config.base}${chunk.fileName}`)
          // The code list comes before the script, which preloads it at once where the page waits for the app.
          const signedIn = signedInCode.filter((file) => !code.includes(file))
          const codeTag = `<meta name="${APP_CODE_META}" content="${escapeHtml([...code, ...catalogs].join(' '))}" data-signed-in="${escapeHtml(signedIn.join(' '))}">`
          const source = fillPage(String(shell.source), page, [codeTag, waitTag, ...styles])
          this.emitFile({ type: 'asset', fileName: page.fileName, source })
        }
      },
    },
  }
}
