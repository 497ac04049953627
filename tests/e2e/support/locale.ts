import type { Page } from '@playwright/test'
import { baseURL } from '../../../playwright.config.ts'

/**
 * Opens the app in a language the way a returning visitor would have chosen it: the
 * app keeps the choice in localStorage and in a cookie the server reads to send the
 * prerendered landing in that language (docs/decisions/0201).
 */
export async function useLocale(page: Page, locale: 'en' | 'de'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('actorly.locale', value), locale)
  await page.context().addCookies([{ name: 'actorly.locale', value: locale, url: baseURL }])
}
