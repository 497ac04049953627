import { CAROUSEL_CARD_STEP_PX, CAROUSEL_PX_PER_FRAME } from '@contract/constants'

// The carousel's motion as pure maths (spec §2 Landing page: 1.5 px per frame,
// card step 296 px, loops). The list is rendered twice, so wrapping the offset at
// one list's width shows the same picture and the loop has no visible seam.

/** The frame the spec's "1.5 px per frame" means: 60 Hz (docs/decisions/0020). */
export const REFERENCE_FRAME_MS = 1000 / 60
/** A long gap (a janky frame, a background tab) moves at most this many frames, never jumps. */
export const MAX_FRAMES_PER_TICK = 3

/** Width of one copy of the list: the offset where the second copy lines up with the first. */
export function loopWidth(sampleCount: number): number {
  return sampleCount * CAROUSEL_CARD_STEP_PX
}

/** Keeps an offset within [0, width). */
export function wrapOffset(offset: number, width: number): number {
  if (width <= 0) return 0
  return ((offset % width) + width) % width
}

/** How many reference frames have passed, from the time between two animation frames. */
export function framesElapsed(elapsedMs: number): number {
  if (!Number.isFinite(elapsedMs) || elapsedMs <= 0) return 0
  return Math.min(elapsedMs / REFERENCE_FRAME_MS, MAX_FRAMES_PER_TICK)
}

/** The next offset after `elapsedMs`, wrapped into one list width. */
export function advanceOffset(offset: number, elapsedMs: number, width: number): number {
  return wrapOffset(offset + framesElapsed(elapsedMs) * CAROUSEL_PX_PER_FRAME, width)
}
