import type { JobKind } from './types'

/** The generator screen that shows a job: a path of the generator and its step (spec §2). */
export interface JobScreen {
  to: '/ugc-actor' | '/consistent-actor'
  step: 1 | 2
}

/**
 * Where the generator shows a job of this kind, for the top bar's running-job
 * indicator and the toast's View (docs/decisions/0132): lip sync is step 2; a consistent
 * actor is /consistent-actor, which opens step 1 on Consistent Actor (spec §2);
 * UGC is /ugc-actor step 1.
 */
export function jobScreenOf(kind: JobKind): JobScreen {
  switch (kind) {
    case 'ugc':
      return { to: '/ugc-actor', step: 1 }
    case 'lipsync':
      return { to: '/ugc-actor', step: 2 }
    case 'consistent':
      return { to: '/consistent-actor', step: 1 }
  }
}
