import { describe, expect, it } from 'vitest'
import { spreadWords } from './approximate-words.ts'

// The embedded default's approximate timing: the typed words laid over the
// voiced stretches in order, each by its length, none straddling a pause.

describe('spreadWords', () => {
  it('answers nothing without words or without speech', () => {
    expect(spreadWords('   ', [{ start: 0, end: 2 }])).toEqual([])
    expect(spreadWords('Hello there', [])).toEqual([])
    expect(spreadWords('Hello there', [{ start: 1, end: 1 }])).toEqual([])
  })

  it('fills one stretch in order, a longer word taking longer', () => {
    const words = spreadWords('Hi wonderful world', [{ start: 0.5, end: 2.5 }])
    expect(words.map((word) => word.text)).toEqual(['Hi', 'wonderful', 'world'])
    expect(words[0]?.start).toBe(0.5)
    expect(words.at(-1)?.end).toBeCloseTo(2.5, 2)
    const lengths = words.map((word) => word.end - word.start)
    expect(lengths[1]).toBeGreaterThan(lengths[2] ?? Infinity)
    expect(lengths[2]).toBeGreaterThan(lengths[0] ?? Infinity)
    for (let index = 1; index < words.length; index += 1) expect(words[index]?.start).toBeGreaterThanOrEqual(words[index - 1]?.end ?? Infinity)
  })

  it('keeps each word inside one stretch: the pause between them has none', () => {
    const stretches = [
      { start: 0, end: 1 },
      { start: 2, end: 3 },
    ]
    const words = spreadWords('one two three four', stretches)
    expect(words).toHaveLength(4)
    for (const word of words) {
      const inside = stretches.some((stretch) => word.start >= stretch.start && word.end <= stretch.end + 1e-9)
      expect({ word, inside }).toEqual({ word, inside: true })
    }
    expect(words.filter((word) => word.start >= 2).length).toBeGreaterThan(0)
  })
})
