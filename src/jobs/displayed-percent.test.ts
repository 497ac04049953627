import { describe, expect, it } from 'vitest'
import { answeredPercent, easedPercent, realPercent } from './displayed-percent'

describe('realPercent (spec §4: current / total × 100)', () => {
  it('is whole points of current over total, 0 while the total is unknown', () => {
    expect(realPercent({ currentprogress: 1, totalprogress: 3 })).toBe(33)
    expect(realPercent({ currentprogress: 50, totalprogress: 200 })).toBe(25)
    expect(realPercent({ currentprogress: 5, totalprogress: 0 })).toBe(0)
    expect(realPercent({ currentprogress: 12, totalprogress: 10 })).toBe(100)
  })
})

describe('easedPercent: one interval between answers (spec §4, decision 0250)', () => {
  it('climbs by the step even where the server has said nothing higher', () => {
    expect(easedPercent(0, 0, 1)).toBe(1)
    expect(easedPercent(50, 50, 1)).toBe(51)
    expect(easedPercent(10, 40, 1)).toBe(40)
    expect(easedPercent(35, 0, 10)).toBe(45)
  })

  it('never passes 99 before the job is completed', () => {
    expect(easedPercent(98, 0, 10)).toBe(99)
    expect(easedPercent(99, 0, 1)).toBe(99)
    expect(easedPercent(99, 100, 10)).toBe(99)
  })

  it('never goes down', () => {
    expect(easedPercent(60, 20, 1)).toBe(61)
    expect(easedPercent(99, 20, 1)).toBe(99)
  })
})

describe('answeredPercent: a server answer (decision 0250)', () => {
  it('jumps up to the server figure when that is higher', () => {
    expect(answeredPercent(12, 40)).toBe(40)
    expect(answeredPercent(0, 50)).toBe(50)
  })

  it('keeps its place when the server figure is lower, and stays below 100', () => {
    expect(answeredPercent(62, 50)).toBe(62)
    expect(answeredPercent(30, 100)).toBe(99)
  })
})
