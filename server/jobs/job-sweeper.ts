import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { GENERATION_MESSAGES } from '../../contract/generations.ts'
import type { Database } from '../db/schema.ts'
import { failJob, findActiveJobsCreatedBefore } from '../domain/generations-jobs.ts'
import { falSubmitGraceMs, maxJobAgeMs, type JobLimits } from '../providers/job-limits.ts'
import { inputOf } from './job-work.ts'

// Every instance, API or worker, fails and refunds the jobs nobody can end
// any more (decision 0075, docs/decisions/0210): past their deadline (the
// worker that held one died and none took it over, or no worker runs), or a
// fal start whose instance died before fal answered. Failing is conditional
// and refunds once, so any number of instances may sweep at once.

/** Answers how many jobs it failed. */
export async function sweepExpiredJobs(db: Kysely<Database>, log: Logger, limits: JobLimits): Promise<number> {
  const youngestExpirable = Math.min(limits.localBaseMs, limits.falMaxAgeMs, falSubmitGraceMs(limits))
  const rows = await findActiveJobsCreatedBefore(db, new Date(Date.now() - youngestExpirable).toISOString())
  let failed = 0
  for (const row of rows) {
    const age = Date.now() - Date.parse(row.created_at)
    const abandonedStart = row.provider === 'fal' && row.provider_request_id === null && age > falSubmitGraceMs(limits)
    const expired = age > maxJobAgeMs(limits, row.provider, inputOf(row))
    if (!abandonedStart && !expired) continue
    if (await failJob(db, row.id, GENERATION_MESSAGES.failedToGenerate)) {
      failed += 1
      log.warn(
        { jobId: row.id, provider: row.provider, reason: expired ? 'deadline' : 'the provider never answered the start' },
        'generation failed by the sweep; refunded',
      )
    }
  }
  return failed
}
