import { useState } from 'react'
import type { CanvasResult } from './generator-bar'

/**
 * The video on the canvas as the action bar's next step, until the user changes an
 * input: then what they asked for is new, and the bar offers to generate it.
 */
export function useEditedSince(result: CanvasResult | null): { current: CanvasResult | null; mark: () => void } {
  const [editedFor, setEditedFor] = useState<string | null>(null)
  return {
    current: result !== null && editedFor !== result.videoUrl ? result : null,
    mark: () => setEditedFor(result?.videoUrl ?? null),
  }
}
