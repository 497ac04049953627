import path from 'node:path'
import { acceptedLanguages, cookieValue, detectLocale, LOCALE_COOKIE, type Locale } from '../../contract/locale.ts'
import { pageFile, screenAt } from '../../contract/screens.ts'

// The language of a prerendered screen (docs/decisions/0201): the visitor's stored
// choice (the app keeps it in a cookie as well as in localStorage), else the
// browser's Accept-Language, else English: the rule the app itself applies.

export function pageLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  return detectLocale(cookieValue(cookieHeader, LOCALE_COOKIE), acceptedLanguages(acceptLanguage))
}

/** Where the build wrote a screen's prerendered HTML (contract/screens.ts), or null for a path that is no screen. */
export function prerenderedPageFile(distDir: string, requestPath: string, locale: Locale): string | null {
  const screen = screenAt(requestPath)
  return screen === null ? null : path.join(distDir, pageFile(screen, locale))
}
