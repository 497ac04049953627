import { describe, expect, it } from 'vitest'
import { TERMS_ACTIVE_THRESHOLD_PX, TERMS_SCROLL_OFFSET_PX } from '@contract/constants'
import { findActiveSection, scrollTargetFor, type SectionBox } from './active-section'

// Three stacked sections, 400 px tall, with 40 px gaps, scrolled by `scroll` px.
function boxesAt(scroll: number): SectionBox<'a' | 'b' | 'c'>[] {
  return (['a', 'b', 'c'] as const).map((id, index) => {
    const top = 200 + index * 440 - scroll
    return { id, top, bottom: top + 400 }
  })
}

describe('findActiveSection (spec §2: the box covering 100 px from the top)', () => {
  const threshold = TERMS_ACTIVE_THRESHOLD_PX

  it('picks the section whose box covers the threshold line', () => {
    expect(findActiveSection(boxesAt(150), threshold)).toBe('a') // a: 50..450
    expect(findActiveSection(boxesAt(560), threshold)).toBe('b') // b: 80..480
    expect(findActiveSection(boxesAt(1000), threshold)).toBe('c') // c: 80..480
  })

  it('switches exactly when a box top reaches the line', () => {
    // b's top is at 640 - scroll: at 541 it is at 99 (covers), at 539 at 101 (not yet).
    expect(findActiveSection(boxesAt(539), threshold)).toBe('a')
    expect(findActiveSection(boxesAt(541), threshold)).toBe('b')
  })

  it('keeps the previous section while the line is in a gap between boxes', () => {
    // a ends at 600 - scroll; with scroll 510 a ends at 90 and b starts at 130.
    expect(findActiveSection(boxesAt(510), threshold)).toBe('a')
  })

  it('highlights the first section before any has reached the line', () => {
    expect(findActiveSection(boxesAt(0), threshold)).toBe('a')
  })

  it('keeps the last section once everything has scrolled past', () => {
    expect(findActiveSection(boxesAt(5000), threshold)).toBe('c')
  })

  it('has nothing to highlight without sections', () => {
    expect(findActiveSection([], threshold)).toBeNull()
  })
})

describe('scrollTargetFor (spec §2: clicking scrolls with an 80 px offset)', () => {
  it('puts the section top 80 px below the viewport top', () => {
    expect(scrollTargetFor(900, 300, TERMS_SCROLL_OFFSET_PX)).toBe(1120)
  })

  it('never scrolls above the page top', () => {
    expect(scrollTargetFor(20, 0, TERMS_SCROLL_OFFSET_PX)).toBe(0)
  })
})
