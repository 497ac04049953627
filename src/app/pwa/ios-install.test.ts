import { describe, expect, it } from 'vitest'
import { type BrowserFacts, shouldHintIosInstall } from './ios-install'

const iPhoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1'
const iPadDesktopSafari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15'
const iPhoneChrome = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1'
const androidChrome = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

const facts = (overrides: Partial<BrowserFacts>): BrowserFacts => ({
  userAgent: iPhoneSafari,
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
  displayModeStandalone: false,
  ...overrides,
})

describe('shouldHintIosInstall', () => {
  it('hints in Safari on an iPhone and on an iPad asking for desktop pages', () => {
    expect(shouldHintIosInstall(facts({}))).toBe(true)
    expect(shouldHintIosInstall(facts({ userAgent: iPadDesktopSafari, platform: 'MacIntel' }))).toBe(true)
  })

  it('stays quiet once opened from the home screen', () => {
    expect(shouldHintIosInstall(facts({ standalone: true }))).toBe(false)
    expect(shouldHintIosInstall(facts({ displayModeStandalone: true }))).toBe(false)
  })

  it('stays quiet on a Mac, in other iOS browsers and on Android', () => {
    expect(shouldHintIosInstall(facts({ userAgent: iPadDesktopSafari, platform: 'MacIntel', maxTouchPoints: 0 }))).toBe(false)
    expect(shouldHintIosInstall(facts({ userAgent: iPhoneChrome }))).toBe(false)
    expect(shouldHintIosInstall(facts({ userAgent: androidChrome, platform: 'Linux armv8l' }))).toBe(false)
  })
})
