import { describe, expect, it } from 'vitest'
import { easedPercent, realPercent } from './displayed-percent'

describe('realPercent (spec §4: current / total × 100)', () => {
  it('is whole points of current over total, 0 while the total is unknown', () => {
    expect(realPercent({ currentprogress: 1, totalprogress: 3 })).toBe(33)
    expect(realPercent({ currentprogress: 50, totalprogress: 200 })).toBe(25)
    expect(realPercent({ currentprogress: 5, totalprogress: 0 })).toBe(0)
    expect(realPercent({ currentprogress: 12, totalprogress: 10 })).toBe(100)
  })
})

describe('easedPercent (decision 0130)', () => {
  it('rises by the step toward the real value and never past it', () => {
    expect(easedPercent(10, 40, 1)).toBe(11)
    expect(easedPercent(35, 40, 10)).toBe(40)
    expect(easedPercent(40, 40, 1)).toBe(40)
  })

  it('stays below 100 until the job is completed', () => {
    expect(easedPercent(98, 100, 10)).toBe(99)
    expect(easedPercent(99, 100, 1)).toBe(99)
  })

  it('never goes down when the real value is lower', () => {
    expect(easedPercent(50, 20, 1)).toBe(50)
  })
})
