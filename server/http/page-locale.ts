import path from 'node:path'
import { acceptedLanguages, cookieValue, detectLocale, LOCALE_COOKIE, type Locale } from '../../contract/locale.ts'

// The language of a prerendered screen (docs/decisions/0201): the visitor's stored
// choice (the app keeps it in a cookie as well as in localStorage), else the
// browser's Accept-Language, else English: the rule the app itself applies.

export function pageLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  return detectLocale(cookieValue(cookieHeader, LOCALE_COOKIE), acceptedLanguages(acceptLanguage))
}

/** Where the build wrote a screen's prerendered HTML: dist/pages/<locale>/<screen>.html, `/` being index. */
export function prerenderedPageFile(distDir: string, requestPath: string, locale: Locale): string | null {
  const screen = requestPath.replace(/\/+$/, '') || '/index'
  const folder = path.join(distDir, 'pages', locale)
  const file = path.join(folder, `${screen}.html`)
  // A path with dot segments must not reach outside the prerendered pages.
  return file.startsWith(folder + path.sep) ? file : null
}
