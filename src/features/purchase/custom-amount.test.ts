import { describe, expect, it } from 'vitest'
import { checkCustomAmount } from './custom-amount'
import { approxVideos, quote } from './plans'

describe('checkCustomAmount (spec §5)', () => {
  it.each(['20', '200', '35.5', '20.25', ' 42 ', '99,99'])('accepts %j', (text) => {
    expect(checkCustomAmount(text).ok).toBe(true)
  })

  it.each(['', 'abc', '20abc', '1e2', '--25', '20.123', '.', 'Infinity'])('calls %j not a number', (text) => {
    expect(checkCustomAmount(text)).toEqual({ ok: false, error: 'not_a_number' })
  })

  it('refuses below $20 and above $200', () => {
    expect(checkCustomAmount('19.99')).toEqual({ ok: false, error: 'below_minimum' })
    expect(checkCustomAmount('0')).toEqual({ ok: false, error: 'below_minimum' })
    expect(checkCustomAmount('-25')).toEqual({ ok: false, error: 'below_minimum' })
    expect(checkCustomAmount('200.01')).toEqual({ ok: false, error: 'above_maximum' })
  })

  it('reads a comma as the decimal point', () => {
    expect(checkCustomAmount('20,5')).toEqual({ ok: true, dollars: 20.5 })
  })
})

describe('quote (spec §9)', () => {
  it('gives floor(amount / 1.75) credits for the tiers', () => {
    expect(quote(20).credits).toBe(11)
    expect(quote(35).credits).toBe(20)
    expect(quote(55).credits).toBe(31)
    expect(quote(200).credits).toBe(114)
  })

  it('counts 1080p videos at 1.75 credits each (decision 0120)', () => {
    expect(approxVideos(11)).toBe(6)
    expect(approxVideos(20)).toBe(11)
    expect(approxVideos(31)).toBe(17)
    expect(approxVideos(1.75)).toBe(1)
    expect(approxVideos(1.74)).toBe(0)
  })
})
