// Which terms section the side menu highlights (spec §2 Terms): the section whose
// box covers the line TERMS_ACTIVE_THRESHOLD_PX below the viewport top.
// Pure so it can be tested without layout; the hook feeds it live rects.

export interface SectionBox<Id extends string> {
  id: Id
  /** Distance of the box's top edge from the viewport top, in CSS px. */
  top: number
  /** Distance of the box's bottom edge from the viewport top, in CSS px. */
  bottom: number
}

/**
 * The section covering `thresholdPx`. Between sections (margins) the last one
 * that started above the line stays active; before the first, the first is.
 */
export function findActiveSection<Id extends string>(boxes: readonly SectionBox<Id>[], thresholdPx: number): Id | null {
  const covering = boxes.find((box) => box.top <= thresholdPx && box.bottom > thresholdPx)
  if (covering) return covering.id
  const started = boxes.filter((box) => box.top <= thresholdPx)
  const last = started.at(-1)
  if (last) return last.id
  return boxes[0]?.id ?? null
}

/** Where the window must scroll so a section's top lands `offsetPx` below the viewport top. */
export function scrollTargetFor(sectionTop: number, scrollY: number, offsetPx: number): number {
  return Math.max(0, Math.round(sectionTop + scrollY - offsetPx))
}
