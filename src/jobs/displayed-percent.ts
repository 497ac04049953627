import type { StatusResponse } from '@contract/generations'

// spec §4: "Percent = current / total × 100, displayed value eases upward step
// by step." Between two server answers the display climbs by the kind's step
// each interval; an answer lifts it to the server's figure when that is higher;
// it never goes down and stays below 100 until the job is completed
// (docs/decisions/0250-displayed-percent-climbs-between-answers.md).

/** The highest percent shown before the job is completed. */
export const MAX_PERCENT_BEFORE_COMPLETION = 99

/** current / total × 100, whole points, 0 while the total is unknown. */
export function realPercent(progress: StatusResponse['progress']): number {
  const { currentprogress, totalprogress } = progress
  if (totalprogress <= 0) return 0
  return Math.max(0, Math.min(100, Math.floor((currentprogress / totalprogress) * 100)))
}

/**
 * One easing interval: up by `points`, and at least to the server's last figure
 * (`real`), but never past 99 and never down.
 */
export function easedPercent(displayed: number, real: number, points: number): number {
  const next = Math.min(Math.max(displayed + points, real), MAX_PERCENT_BEFORE_COMPLETION)
  return Math.max(displayed, next)
}

/** A server answer: the display jumps up to its figure when that is higher, else keeps its place. */
export function answeredPercent(displayed: number, real: number): number {
  return easedPercent(displayed, real, 0)
}
