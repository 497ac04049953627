// Vite plugin: the HTML of every screen, made at build time (docs/decisions/0202,
// 0207, 0208, 0309). The build gets a second entry, the landing's (src/boot/landing.ts).
// Once the client bundle is made, every screen is rendered with the app's components
// (./render-screens.ts), in every language, and written to the page
// contract/screens.ts names, which the server and the service worker send:
// - the landing into the built index.html's head, with the landing entry instead of
//   the app's and its CSS inlined (its code is fetched once the page has painted);
// - every other screen into the app's index.html as built, as a visitor first sees
//   it: its styles, the code it needs fetched with the HTML, the head script that
//   holds what the visitor does until the app takes over or keeps the page blank
//   where this device would see something else (./head-script.ts), and a <noscript> line.
import path from 'node:path'
import type { Plugin, ResolvedConfig, Rollup } from 'vite'
import { pageFile } from '../../../contract/screens.ts'
import { SIGNED_IN_CODE_META } from '../../../src/boot/prerendered-page.ts'
import { catalogChunks, chunks, codeOfModule, landingCss, screenAssets, withStaticImports } from './bundle-graph.ts'
import { buildHeadScript } from './head-script.ts'
import { classicScriptTag, fillPage, inlineStyleTag, metaTag, modulePreloadTag, moduleScriptTag, stylesheetTag, withoutAppEntry } from './page-html.ts'
import { type RenderedPage, renderScreens } from './render-screens.ts'

const LANDING_ENTRY = 'src/boot/landing.ts'
const APP_MODULE = 'src/boot/app.tsx'
/** The landing entry's file name prefix, unlike the landing catalog's chunks. */
const LANDING_ENTRY_NAME = 'landing-entry'

function landingHead(bundle: Rollup.OutputBundle, base: string): string[] {
  const entry = chunks(bundle).find((chunk) => chunk.isEntry && chunk.name === 'landing')
  if (!entry) throw new Error(`prerender: the build has no landing entry (${LANDING_ENTRY})`)
  const styles = landingCss(bundle, entry).map((file) => {
    const asset = bundle[file]
    if (asset?.type !== 'asset') throw new Error(`prerender: missing CSS ${file}`)
    return inlineStyleTag(String(asset.source))
  })
  return [moduleScriptTag(`${base}${entry.fileName}`), ...styles]
}

type AppPageParts = {
  bundle: Rollup.OutputBundle
  config: ResolvedConfig
  appEntry: Rollup.OutputChunk
  /** The chunk of src/boot/app.tsx, which the entry starts. */
  appChunk: Rollup.OutputChunk
  headScript: string
  signedInCode: readonly string[]
}

/**
 * An app page's head: the code list for someone signed in, the head script, the
 * screen's styles, and its code, fetched with the HTML (docs/decisions/0208). The app's
 * own chunk (with React and the router it imports) is a module script that holds the
 * first paint until it is here, in Chromium; the app starts once the page has painted
 * (src/main.tsx), so the screen is taken over soon after it shows. The screen's chunks
 * and catalogs come beside it, after the styles.
 */
function appHead(page: RenderedPage, { bundle, config, appEntry, appChunk, headScript, signedInCode }: AppPageParts): string[] {
  const base = config.base
  const { styles, code } = screenAssets(bundle, config.root, page.screen, appEntry)
  const catalogs = catalogChunks(bundle, page.locale, page.catalogs)
  const files = [...code, ...catalogs].map((chunk) => `${base}${chunk.fileName}`)
  const app = withStaticImports(bundle, [appChunk]).map((chunk) => `${base}${chunk.fileName}`)
  return [
    // Read by the head script, which comes next.
    metaTag(SIGNED_IN_CODE_META, signedInCode.filter((file) => !files.includes(file)).join(' ')),
    classicScriptTag(headScript),
    ...styles.map((file) => stylesheetTag(`${base}${file}`)),
    moduleScriptTag(`${base}${appChunk.fileName}`, { blocksRender: true }),
    // What the app's chunk imports, fetched beside it rather than once it has been read.
    ...app.filter((file) => file !== `${base}${appChunk.fileName}`).map((file) => modulePreloadTag(file)),
    ...files.filter((file) => !app.includes(file)).map((file) => modulePreloadTag(file, { lowPriority: true })),
  ]
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
        const appChunk = chunks(bundle).find((chunk) => chunk.moduleIds.includes(path.resolve(config.root, APP_MODULE)))
        if (!appChunk) throw new Error(`prerender: the build has no chunk for ${APP_MODULE}`)
        const headScriptFile = this.emitFile({ type: 'asset', name: 'page-start.js', source: await buildHeadScript(config) })
        const parts: AppPageParts = {
          bundle,
          config,
          appEntry,
          appChunk,
          headScript: `${config.base}${this.getFileName(headScriptFile)}`,
          // Someone signed in reads the device database on every screen (their jobs, kept videos, gallery copy).
          signedInCode: codeOfModule(bundle, '/src/device/device-db.ts').map((chunk) => `${config.base}${chunk.fileName}`),
        }
        const landing = withoutAppEntry(String(shell.source))
        const landingTags = landingHead(bundle, config.base)
        for (const page of await renderScreens(config)) {
          const source = page.kind === 'landing' ? fillPage(landing, page, landingTags) : fillPage(String(shell.source), page, appHead(page, parts))
          this.emitFile({ type: 'asset', fileName: pageFile(page.screen, page.locale), source })
        }
      },
    },
  }
}
