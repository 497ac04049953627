import { afterEach, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '@/device/names'
import { detectLocale, readStoredLocale, storeLocale } from './locale'

describe('detectLocale (spec: stored setting, else browser language en/de, else en)', () => {
  it('prefers the stored setting over the browser language', () => {
    expect(detectLocale('de', ['en-US'])).toBe('de')
    expect(detectLocale('en', ['de-DE'])).toBe('en')
  })

  it('ignores a stored value that is not a supported language', () => {
    expect(detectLocale('fr', ['de-AT'])).toBe('de')
    expect(detectLocale('', [])).toBe('en')
  })

  it('takes the first supported browser language, by its base tag', () => {
    expect(detectLocale(null, ['fr-FR', 'DE-ch', 'en'])).toBe('de')
    expect(detectLocale(null, ['en-GB', 'de'])).toBe('en')
  })

  it('falls back to English', () => {
    expect(detectLocale(null, ['fr', 'es-ES'])).toBe('en')
    expect(detectLocale(null, [])).toBe('en')
  })
})

describe('stored language', () => {
  afterEach(() => localStorage.clear())

  it('round-trips through localStorage', () => {
    expect(readStoredLocale()).toBeNull()
    storeLocale('de')
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('de')
    expect(readStoredLocale()).toBe('de')
  })
})
