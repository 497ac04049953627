import { isDemoAccount, isFreeFor } from '@/jobs/job-config'
import type { JobKind, JobView } from '@/jobs/types'
import { useSession } from '@/session/session'
import { useNoCreditsClears } from './use-no-credits-clears'

/** What the action bar says about credits (docs/decisions/0135). */
export interface CreditShortfall {
  /** The bar leads to the purchase page instead of starting. */
  short: boolean
  /** How many credits the cost shown needs beyond the balance; null when that is not known. */
  missing: number | null
}

/** Rounds to cents, so 1.75 - 1.6 shows as 0.15, not 0.1500000000000001. */
const cents = (value: number) => Math.round(value * 100) / 100

/**
 * Whether the cost now shown is more than the balance: known on the device before
 * any call (the balance is the user record's), or said by the server's refusal
 * (spec §4 no-credits state, which may know a newer balance). It ends the moment
 * the input becomes affordable: a cheaper option, a shorter audio, credits bought.
 */
export function useCreditShortfall(kind: JobKind, view: JobView, cost: number | null, clearNotice: () => void): CreditShortfall {
  const session = useSession()
  const balance = session.status === 'signed-in' ? session.credits : null
  // The demo account's demo calls cost nothing (spec §6): nothing is ever missing for them.
  const free = session.status === 'signed-in' && isFreeFor(kind, isDemoAccount(session.user.email))
  useNoCreditsClears(view, cost, clearNotice)
  const running = view.phase === 'starting' || view.phase === 'generating'
  const missing = !free && cost !== null && balance !== null && cost > balance ? cents(cost - Math.max(0, balance)) : null
  if (running) return { short: false, missing: null }
  return { short: missing !== null || view.phase === 'no-credits', missing }
}
