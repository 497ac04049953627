import { i18n, type Messages } from '@lingui/core'
import { type Locale, detectLocale, isLocale, readStoredLocale, storeLocale } from './locale'

// The catalogs of each locale, one per area (lingui.config.ts, docs/decisions/0003),
// compiled by @lingui/vite-plugin on import; each is its own small chunk. A screen
// loads `common` (the shell) and its own area's catalog (its route's loader), so the
// first render waits only for the words it shows (docs/decisions/0202).
const catalogs = {
  en: import.meta.glob<{ messages: Messages }>('../locales/en/*.po'),
  de: import.meta.glob<{ messages: Messages }>('../locales/de/*.po'),
} satisfies Record<Locale, Record<string, () => Promise<{ messages: Messages }>>>

/** An area's catalog: a file name in src/locales/<locale>/ without `.po`. */
export type CatalogArea =
  'common' | 'landing' | 'legal' | 'support' | 'demo' | 'payment' | 'auth' | 'generator' | 'gallery' | 'purchase' | 'account' | 'developers'

/** Areas some screen of this page has asked for: a language switch loads them all in the new language. */
const areasInUse = new Set<CatalogArea>(['common'])
const loaded: Record<Locale, Set<CatalogArea>> = { en: new Set(), de: new Set() }
/** The language being switched to, so a screen's loader asks for its words in that one. */
let wantedLocale: Locale | undefined

async function loadAreas(locale: Locale, areas: Iterable<CatalogArea>): Promise<void> {
  const missing = [...new Set(areas)].filter((area) => !loaded[locale].has(area))
  if (missing.length === 0) return
  const modules = await Promise.all(
    missing.map((area) => {
      const load = catalogs[locale][`../locales/${locale}/${area}.po`]
      if (!load) throw new Error(`no ${locale} catalog for ${area}`)
      return load()
    }),
  )
  i18n.load(locale, Object.assign({}, ...modules.map((module) => module.messages)))
  for (const area of missing) loaded[locale].add(area)
}

/** Every catalog of a locale, merged (tests and tools that show any screen). */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  const modules = await Promise.all(Object.values(catalogs[locale]).map((load) => load()))
  return Object.assign({}, ...modules.map((m) => m.messages))
}

/**
 * Loads a screen's catalogs in the active language; route loaders call it before the
 * screen renders. Answers the areas, as the route's loader data (the build preloads them
 * with the screen's HTML, src/boot/prerender.tsx).
 */
export async function loadScreenCatalogs(...areas: CatalogArea[]): Promise<CatalogArea[]> {
  for (const area of areas) areasInUse.add(area)
  const locale = wantedLocale ?? (isLocale(i18n.locale) ? i18n.locale : initialLocale())
  await loadAreas(locale, areas)
  return areas
}

/**
 * Switches the app to `locale` once the catalogs of everything on the page are loaded
 * in it: the shell's, those screens asked for, and `areas`.
 */
export async function activateLocale(locale: Locale, options: { remember?: boolean; areas?: readonly CatalogArea[] } = {}): Promise<void> {
  wantedLocale = locale
  for (const area of options.areas ?? []) areasInUse.add(area)
  await loadAreas(locale, areasInUse)
  if (wantedLocale !== locale) return
  i18n.activate(locale)
  // Also run by the build's prerender, where there is no document.
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  if (options.remember) storeLocale(locale)
}

export function initialLocale(): Locale {
  return detectLocale(readStoredLocale(), typeof navigator === 'undefined' ? [] : navigator.languages)
}

export { i18n }
