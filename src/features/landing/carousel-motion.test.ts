import { describe, expect, it } from 'vitest'
import { CAROUSEL_CARD_STEP_PX, CAROUSEL_PX_PER_FRAME, CAROUSEL_SAMPLE_COUNT } from '@contract/constants'
import { MAX_FRAMES_PER_TICK, REFERENCE_FRAME_MS, advanceOffset, framesElapsed, loopWidth, wrapOffset } from './carousel-motion'

const width = loopWidth(CAROUSEL_SAMPLE_COUNT)

describe('carousel motion (spec §2: 1.5 px per frame, step 296 px, loops)', () => {
  it('loops after 16 cards of 296 px', () => {
    expect(width).toBe(16 * 296)
    expect(CAROUSEL_CARD_STEP_PX).toBe(296)
  })

  it('moves 1.5 px per 60 Hz frame', () => {
    expect(CAROUSEL_PX_PER_FRAME).toBe(1.5)
    expect(advanceOffset(0, REFERENCE_FRAME_MS, width)).toBeCloseTo(1.5)
    expect(advanceOffset(100, 2 * REFERENCE_FRAME_MS, width)).toBeCloseTo(103)
  })

  it('moves the same distance per second on a 120 Hz screen', () => {
    let offset = 0
    for (let frame = 0; frame < 120; frame++) offset = advanceOffset(offset, 1000 / 120, width)
    expect(offset).toBeCloseTo(60 * 1.5)
  })

  it('wraps seamlessly at one list width', () => {
    expect(advanceOffset(width - 1, REFERENCE_FRAME_MS, width)).toBeCloseTo(0.5)
    expect(advanceOffset(width - 1.5, REFERENCE_FRAME_MS, width)).toBe(0)
    expect(wrapOffset(width * 3 + 7, width)).toBe(7)
    expect(wrapOffset(-10, width)).toBe(width - 10)
  })

  it('never jumps after a long pause and never moves backwards', () => {
    expect(framesElapsed(5000)).toBe(MAX_FRAMES_PER_TICK)
    expect(advanceOffset(10, 5000, width)).toBeCloseTo(10 + MAX_FRAMES_PER_TICK * 1.5)
    expect(framesElapsed(-16)).toBe(0)
    expect(framesElapsed(Number.NaN)).toBe(0)
  })

  it('stays at 0 for an empty list', () => {
    expect(wrapOffset(42, 0)).toBe(0)
  })
})
