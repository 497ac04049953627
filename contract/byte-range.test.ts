import { describe, expect, it } from 'vitest'
import { parseRange } from './byte-range'

describe('parseRange', () => {
  const size = 1000

  it.each([
    ['bytes=0-', { start: 0, end: 999 }],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-299', { start: 100, end: 299 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    [' bytes=5-9 ', { start: 5, end: 9 }],
  ])('reads %s', (header, span) => expect(parseRange(header, size)).toEqual(span))

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0'])('refuses %s as unsatisfiable', (header) =>
    expect(parseRange(header, size)).toBe('unsatisfiable'),
  )

  it.each([null, '', 'bytes=-', 'bytes=9-5', 'bytes=0-1,5-9', 'items=0-5', 'bytes=a-b'])(
    'answers the whole file for %s',
    (header) => expect(parseRange(header, size)).toBeNull(),
  )

  it('has nothing to give from an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
    expect(parseRange('bytes=-10', 0)).toBe('unsatisfiable')
  })
})
