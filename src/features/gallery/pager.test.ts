import { describe, expect, it } from 'vitest'
import { clampedPage, pagerEntries, serverSliceForView, takeView, viewCount } from './pager'

const labels = (current: number, last: number) => pagerEntries(current, last).map((entry) => (entry.kind === 'gap' ? '…' : String(entry.page)))

describe('pager (spec §2: current ±1, the last page, an ellipsis between)', () => {
  it('shows nothing for one page or none', () => {
    expect(labels(1, 1)).toEqual([])
    expect(labels(1, 0)).toEqual([])
  })

  it('shows the neighbours and the last page with an ellipsis between', () => {
    expect(labels(1, 10)).toEqual(['1', '2', '…', '10'])
    expect(labels(5, 10)).toEqual(['4', '5', '6', '…', '10'])
  })

  it('leaves the ellipsis out when the last page is next to the window', () => {
    expect(labels(1, 3)).toEqual(['1', '2', '3'])
    expect(labels(8, 10)).toEqual(['7', '8', '9', '10'])
    expect(labels(10, 10)).toEqual(['9', '10'])
  })
})

describe('views of 10 over server pages (spec §9)', () => {
  it('counts views of 10', () => {
    expect(viewCount(0)).toBe(0)
    expect(viewCount(10)).toBe(1)
    expect(viewCount(25)).toBe(3)
  })

  it('moves a page past the end to the last page, and to page 1 when nothing is left', () => {
    expect(clampedPage(3, 25)).toBe(3)
    expect(clampedPage(3, 12)).toBe(2)
    expect(clampedPage(3, 0)).toBe(1)
    expect(clampedPage(1, 0)).toBe(1)
  })

  it('maps a view onto one server page of 10', () => {
    expect(serverSliceForView(3, 10)).toEqual({ pages: [3], offset: 0 })
  })

  it('maps views onto server pages of 16, some spanning two', () => {
    expect(serverSliceForView(1, 16)).toEqual({ pages: [1], offset: 0 })
    expect(serverSliceForView(2, 16)).toEqual({ pages: [1, 2], offset: 10 })
    expect(serverSliceForView(3, 16)).toEqual({ pages: [2], offset: 4 })
    expect(serverSliceForView(4, 16)).toEqual({ pages: [2, 3], offset: 14 })
  })

  it('takes the view out of its pages', () => {
    const items = Array.from({ length: 32 }, (_, index) => index + 1)
    expect(takeView(items, serverSliceForView(2, 16))).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    expect(takeView(items.slice(16), serverSliceForView(3, 16))).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30])
  })
})
