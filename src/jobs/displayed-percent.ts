import type { StatusResponse } from '@contract/generations'

// spec §4: "Percent = current / total × 100, displayed value eases upward step
// by step." The display never runs ahead of what the server reported and stays
// below 100 until the job is completed (decision 0130).

/** The highest percent shown before the job is completed. */
export const MAX_PERCENT_BEFORE_COMPLETION = 99

/** current / total × 100, whole points, 0 while the total is unknown. */
export function realPercent(progress: StatusResponse['progress']): number {
  const { currentprogress, totalprogress } = progress
  if (totalprogress <= 0) return 0
  return Math.max(0, Math.min(100, Math.floor((currentprogress / totalprogress) * 100)))
}

/** One easing step: up by at most `points`, never past the real value or 99, never down. */
export function easedPercent(displayed: number, real: number, points: number): number {
  const ceiling = Math.min(real, MAX_PERCENT_BEFORE_COMPLETION)
  if (displayed >= ceiling) return displayed
  return Math.min(displayed + points, ceiling)
}
