import { i18n, type Messages } from '@lingui/core'
import { type Locale, detectLocale, readStoredLocale, storeLocale } from './locale'

// Every catalog of a locale (one per area, see lingui.config.ts), compiled by
// @lingui/vite-plugin on import. Each locale is its own lazy chunk.
const catalogs = {
  en: import.meta.glob<{ messages: Messages }>('../locales/en/*.po'),
  de: import.meta.glob<{ messages: Messages }>('../locales/de/*.po'),
} satisfies Record<Locale, Record<string, () => Promise<{ messages: Messages }>>>

export async function loadCatalog(locale: Locale): Promise<Messages> {
  const modules = await Promise.all(Object.values(catalogs[locale]).map((load) => load()))
  return Object.assign({}, ...modules.map((m) => m.messages))
}

export async function activateLocale(locale: Locale, options: { remember?: boolean } = {}): Promise<void> {
  const messages = await loadCatalog(locale)
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale
  if (options.remember) storeLocale(locale)
}

export function initialLocale(): Locale {
  return detectLocale(readStoredLocale(), typeof navigator === 'undefined' ? [] : navigator.languages)
}

export { i18n }
