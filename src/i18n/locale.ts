import { LOCALE_COOKIE, type Locale } from '@contract/locale'
import { STORAGE_KEYS } from '@/device/names'
import { readStored, writeStored } from '@/device/web-storage'

// Which language the app speaks (spec intro): the stored setting,
// else the browser language (en or de), else en. The rule itself is shared with
// the server and the service worker (contract/locale.ts); the setting is the
// device's (src/device/names.ts).
export { LOCALES, detectLocale, isLocale, type Locale } from '@contract/locale'

/** Each language named in itself, so a reader finds theirs whatever language is active (not translated on purpose). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' }

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

export function readStoredLocale(): string | null {
  return readStored(STORAGE_KEYS.locale)
}

/**
 * Remembers the choice on this device. The cookie carries it to the server and the
 * service worker, which send the prerendered landing in that language (docs/decisions/0201).
 */
export function storeLocale(locale: Locale): void {
  // Refused (private mode, a full disk): the choice still applies for this visit.
  writeStored(STORAGE_KEYS.locale, locale)
  rememberLocaleCookie(locale)
}

/** Writes the language cookie (also for a choice stored before the cookie existed). */
export function rememberLocaleCookie(locale: Locale): void {
  if (typeof document === 'undefined') return
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`
}
