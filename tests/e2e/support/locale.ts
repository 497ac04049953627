import type { Page } from '@playwright/test'

/** Opens the app in a language the way a returning visitor would have chosen it. */
export async function useLocale(page: Page, locale: 'en' | 'de'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('actorly.locale', value), locale)
}
