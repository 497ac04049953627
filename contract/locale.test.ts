import { describe, expect, it } from 'vitest'
import { acceptedLanguages, cookieValue, detectLocale } from './locale'

describe('acceptedLanguages (Accept-Language, most wanted first)', () => {
  it('orders by q-value, keeping the header order on a tie', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7')).toEqual(['fr-CH', 'fr', 'de', 'en'])
    expect(acceptedLanguages('en;q=0.5, de-AT')).toEqual(['de-AT', 'en'])
  })

  it('drops refused languages, wildcards and nonsense', () => {
    expect(acceptedLanguages('de;q=0, en')).toEqual(['en'])
    expect(acceptedLanguages('*, de;q=abc')).toEqual([])
    expect(acceptedLanguages(undefined)).toEqual([])
  })

  it('with detectLocale, picks the first supported language', () => {
    expect(detectLocale(null, acceptedLanguages('fr-FR,fr;q=0.9,de-DE;q=0.8,en;q=0.5'))).toBe('de')
    expect(detectLocale('en', acceptedLanguages('de-DE'))).toBe('en')
  })
})

describe('cookieValue', () => {
  it('reads one cookie among several', () => {
    expect(cookieValue('a=1; actorly.locale=de; b=2', 'actorly.locale')).toBe('de')
    expect(cookieValue('actorly.locale2=x', 'actorly.locale')).toBeNull()
    expect(cookieValue(undefined, 'actorly.locale')).toBeNull()
  })
})
