// Which language a visitor gets (spec intro): the stored setting, else the
// browser's languages (en or de by base tag), else en. One rule for the app
// (src/i18n), the server that picks the prerendered landing, and the service
// worker, so the HTML a visitor is sent is the language the app then speaks
// (docs/decisions/0201). Free of DOM and Node APIs.

export const LOCALES = ['en', 'de'] as const
export type Locale = (typeof LOCALES)[number]

/** The cookie that carries the stored choice to the server and the service worker (the app keeps it under the same name: src/device/names.ts). */
export const LOCALE_COOKIE = 'actorly.locale'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function detectLocale(stored: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLocale(base)) return base
  }
  return 'en'
}

/** An Accept-Language header as language tags, most wanted first (q=0 means "not this one"). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return []
  const weighted = header.split(',').flatMap((part, index) => {
    const [tag = '', ...params] = part.trim().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    return tag && tag !== '*' && Number.isFinite(weight) && weight > 0 ? [{ tag, weight, index }] : []
  })
  return weighted.sort((a, b) => b.weight - a.weight || a.index - b.index).map((entry) => entry.tag)
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}
