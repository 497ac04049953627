import { describe, expect, it } from 'vitest'
import { creditsForAmount, estimatedSpeechSeconds, lipSyncCost, toHundredths } from './constants'

describe('spec §9 prices', () => {
  it('gives floor(amount / 1.75) credits for the tiers', () => {
    expect(creditsForAmount(20)).toBe(11)
    expect(creditsForAmount(35)).toBe(20)
    expect(creditsForAmount(55)).toBe(31)
    expect(creditsForAmount(200)).toBe(114)
    expect(creditsForAmount(21)).toBe(12)
  })
  it('charges lip sync per started minute', () => {
    expect(lipSyncCost(1, 'lipsync-1.8.0')).toBe(2.35)
    expect(lipSyncCost(60, 'lipsync-1.8.0')).toBe(2.35)
    expect(lipSyncCost(60.5, 'lipsync-1.8.0')).toBe(4.7)
    expect(lipSyncCost(121, 'lipsync-1.9.0-beta')).toBe(9)
  })
  it('converts credits to hundredths without float drift', () => {
    expect(toHundredths(1.75)).toBe(175)
    expect(toHundredths(2.35 * 3)).toBe(705)
  })
})

describe('a script read aloud (beyond the spec)', () => {
  it('estimates whole seconds from the characters, white space counted once', () => {
    expect(estimatedSpeechSeconds('', 'en')).toBe(0)
    expect(estimatedSpeechSeconds('Hi', 'en')).toBe(1)
    expect(estimatedSpeechSeconds('a'.repeat(140), 'en')).toBe(10)
    expect(estimatedSpeechSeconds(`${'a'.repeat(65)}   \n  ${'b'.repeat(64)}`, 'de')).toBe(10)
  })
})
