// Reading the client bundle: which chunks a page needs, their styles in cascade
// order, and the chunks the build made of a language's catalogs.
import path from 'node:path'
import type { Rollup } from 'vite'
import type { Locale } from '../../../contract/locale.ts'

export function chunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
}

const dynamicChunks = (bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk): Rollup.OutputChunk[] =>
  chunk.dynamicImports.map((name) => bundle[name]).filter((found): found is Rollup.OutputChunk => found?.type === 'chunk')

/** The chunks, and every chunk they import statically. */
export function withStaticImports(bundle: Rollup.OutputBundle, roots: readonly Rollup.OutputChunk[]): Rollup.OutputChunk[] {
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

/** The CSS of the chunks and all they import statically, in cascade order: a chunk's imports' styles before its own. */
export function cssInOrder(bundle: Rollup.OutputBundle, roots: readonly Rollup.OutputChunk[]): string[] {
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

/** A locale's catalogs (src/locales/<locale>/<area>.po) as the chunks the build made of them. */
export function catalogChunks(bundle: Rollup.OutputBundle, locale: Locale, areas: readonly string[]): Rollup.OutputChunk[] {
  const found = areas.map((area) => chunks(bundle).find((chunk) => chunk.facadeModuleId?.endsWith(`/src/locales/${locale}/${area}.po`) === true))
  if (found.some((chunk) => chunk === undefined)) throw new Error(`prerender: the ${locale} catalogs ${areas.join(', ')} are not all chunks`)
  return found.filter((chunk) => chunk !== undefined)
}

/** The landing entry and what it starts once the page has painted (src/boot/landing.ts): their styles, to inline. */
export function landingCss(bundle: Rollup.OutputBundle, landingEntry: Rollup.OutputChunk): string[] {
  const graph = withStaticImports(bundle, [landingEntry, ...dynamicChunks(bundle, landingEntry)])
  return [...new Set(graph.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))]
}

/**
 * An app screen's styles and code beyond what Vite's tags for the app's entry bring:
 * the app the entry starts (src/main.tsx), the route's split chunks, all they import,
 * and their CSS, in cascade order. The page fetches all of it with its HTML
 * (docs/decisions/0208), so the app need not discover its code one round trip after another.
 */
export function screenAssets(
  bundle: Rollup.OutputBundle,
  root: string,
  screen: string,
  appEntry: Rollup.OutputChunk,
): { styles: string[]; code: Rollup.OutputChunk[] } {
  const routeFile = path.join(root, 'src', 'routes', `${screen.slice(1)}.tsx`)
  const split = chunks(bundle).filter((chunk) => chunk.facadeModuleId?.startsWith(`${routeFile}?`) === true)
  const started = dynamicChunks(bundle, appEntry)
  const entryGraph = withStaticImports(bundle, [appEntry])
  const already = new Set(entryGraph.map((chunk) => chunk.fileName))
  const entryCss = new Set(entryGraph.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))
  return {
    styles: cssInOrder(bundle, [...started, ...split]).filter((file) => !entryCss.has(file)),
    code: withStaticImports(bundle, [...started, ...split]).filter((chunk) => !already.has(chunk.fileName)),
  }
}

/** The chunks holding a module (an id ending in `moduleEnd`), with all they import statically. */
export function codeOfModule(bundle: Rollup.OutputBundle, moduleEnd: string): Rollup.OutputChunk[] {
  const holding = chunks(bundle).filter((chunk) => chunk.moduleIds.some((id) => id.endsWith(moduleEnd)))
  // A moved module must not leave the list empty without a word.
  if (holding.length === 0) throw new Error(`prerender: no chunk holds ${moduleEnd}`)
  return withStaticImports(bundle, holding)
}
