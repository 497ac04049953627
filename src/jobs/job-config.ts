import {
  CONSISTENT_ACTOR_COST,
  DEMO_ACCOUNT_PROGRESS,
  LIPSYNC_PROGRESS_INTERVAL_LONG_MS,
  LIPSYNC_PROGRESS_INTERVALS,
  POLL_THRESHOLD_TICKS,
  POLL_THRESHOLD_TICKS_DEMO_ACCOUNT,
  PROGRESS_INTERVAL_MS,
  lipSyncCost,
  ugcCost,
  type LipSyncModel,
} from '@contract/constants'
import type { JobKind, JobParams } from './types'

// The numbers a job runs by, all from spec §4 and §9 (contract/constants.ts).

/** spec §6: the one hard-coded demo account (set at build time; e2e builds use demo@actorly.test). */
export function isDemoAccount(email: string): boolean {
  const demo: unknown = import.meta.env.VITE_DEMO_ACCOUNT_EMAIL
  return typeof demo === 'string' && demo !== '' && demo.toLowerCase() === email.toLowerCase()
}

/** spec §9: the lip-sync model the 'enhanced lipsync' toggle picks. */
export function lipSyncModelOf(enhanced: boolean): LipSyncModel {
  return enhanced ? 'lipsync-1.9.0-beta' : 'lipsync-1.8.0'
}

/** spec §9: what a generation costs, and needs on the balance to start. */
export function costOf(params: JobParams): number {
  switch (params.kind) {
    case 'ugc':
      return ugcCost(params.enhanced)
    case 'lipsync':
      return lipSyncCost(params.audioDurationSeconds, lipSyncModelOf(params.enhanced))
    case 'consistent':
      return CONSISTENT_ACTOR_COST
  }
}

/**
 * What the server charges this account for the job: the demo account's UGC and
 * lip sync (its demo calls) cost nothing (docs/decisions/0071); the consistent
 * actor has no demo call and is charged as for anyone.
 */
export function chargeOf(params: JobParams, demo: boolean): number {
  return isFreeFor(params.kind, demo) ? 0 : costOf(params)
}

/** Whether a job of this kind costs the user nothing: the demo account's demo calls (UGC, lip sync). */
export function isFreeFor(kind: JobKind, demo: boolean): boolean {
  return demo && kind !== 'consistent'
}

/** spec §4: a poll is made when the one-second counter reaches this (demo account: 10). */
export function pollThreshold(demo: boolean): number {
  return demo ? POLL_THRESHOLD_TICKS_DEMO_ACCOUNT : POLL_THRESHOLD_TICKS
}

export interface ProgressEasing {
  /** Points the displayed percent may rise per interval. */
  points: number
  intervalMs: number
}

/** spec §4: how fast the displayed percent rises for each generator (demo account: 10 points a second). */
export function progressEasing(params: JobParams, demo: boolean): ProgressEasing {
  if (demo) return DEMO_ACCOUNT_PROGRESS
  switch (params.kind) {
    case 'ugc':
      // Keyed to 'enhanced lipsync', as spec §4 names it, not to the 'enhanced actor' option (decision 0251).
      return { points: 1, intervalMs: params.enhancedLipSync === true ? PROGRESS_INTERVAL_MS.ugcEnhancedLipSync : PROGRESS_INTERVAL_MS.ugc }
    case 'lipsync': {
      const band = LIPSYNC_PROGRESS_INTERVALS.find((entry) => params.audioDurationSeconds < entry.belowSeconds)
      return { points: 1, intervalMs: band?.intervalMs ?? LIPSYNC_PROGRESS_INTERVAL_LONG_MS }
    }
    case 'consistent':
      return { points: 1, intervalMs: PROGRESS_INTERVAL_MS.consistentActor }
  }
}
