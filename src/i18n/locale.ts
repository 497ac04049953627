// Which language the app speaks (spec intro, issue 2 §11):
// the stored setting, else the browser language (en or de), else en.
export const LOCALES = ['en', 'de'] as const
export type Locale = (typeof LOCALES)[number]

/** Each language named in itself, so a reader finds theirs whatever language is active (not translated on purpose). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' }

export const LOCALE_STORAGE_KEY = 'actorly.locale'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function detectLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLocale(base)) return base
  }
  return 'en'
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY)
  } catch {
    return null
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // Private mode or a full disk: the choice still applies for this visit.
  }
}
