import type { PendingJob } from '@/device/device-db'
import { refusalOf } from '@/api/refusal'
import { callStart, fetchUserStatus, type Caller } from './job-calls'
import { chargeOf } from './job-config'
import type { JobFailure, JobParams, JobView } from './types'

// spec §4 "Before starting, the user's status is fetched: if a generation is
// running it is refused; if credits are insufficient it is refused and the
// no-credits state shows." Then the start call; its own refusals (another tab
// or device started one meanwhile, the balance changed) map the same way.

export type StartOutcome = { status: 'started'; job: PendingJob } | { status: 'refused'; view: JobView }

export interface Starter extends Caller {
  /** Firebase uid: whose device rows these are. */
  uid: string
}

const failed = (failure: JobFailure): StartOutcome => ({ status: 'refused', view: { phase: 'failed', failure } })
const noCredits: StartOutcome = { status: 'refused', view: { phase: 'no-credits' } }

/** A refused call → what the screen shows (spec §8 one_time_generate, not_enough_token, user_credential, user_not, failed_to_generate). */
function refused(error: unknown): StartOutcome {
  const refusal = refusalOf(error)
  if (refusal === null) return failed({ code: 'failed_to_generate' })
  if (refusal.code === 'generation_in_progress' || refusal.status === 409) return failed({ code: 'one_time_generate' })
  if (refusal.code === 'insufficient_credits' || refusal.status === 402) return noCredits
  if (refusal.status === 401 || refusal.status === 403) return failed({ code: 'user_credential' })
  if (refusal.code === 'user_not_found') return failed({ code: 'user_not' })
  return failed({ code: 'failed_to_generate' })
}

export async function startJob(params: JobParams, starter: Starter, now: () => number = Date.now): Promise<StartOutcome> {
  try {
    const status = await fetchUserStatus(starter.email)
    if (status.isCurrentlyGenerating) return failed({ code: 'one_time_generate' })
    if (status.credits < chargeOf(params, starter.demo)) return noCredits
  } catch (error) {
    return refused(error)
  }
  let requestId: string
  try {
    requestId = await callStart(params, starter)
  } catch (error) {
    return refused(error)
  }
  const job: PendingJob = {
    requestId,
    kind: params.kind,
    params,
    uid: starter.uid,
    userId: starter.userId,
    startedAt: now(),
    demo: starter.demo,
  }
  return { status: 'started', job }
}
