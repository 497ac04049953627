import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../db/schema.ts'
import { ACTIVE_GENERATION_STATUSES, type GenerationsTable } from '../db/schema-generations.ts'
import type { ProviderStatus } from '../providers/provider.ts'
import { ledgerKeys, postLedgerEntry, withWriteTransaction } from './credits.ts'
import type { JobParams } from './generations-params.ts'

// The job row and its money, one write transaction each (architecture: money
// and jobs). Starting holds the price (`job:<id>:hold`) and inserts the job;
// a job that ends failed gets the hold back exactly once (`job:<id>:refund`);
// a completed job keeps it. Every transition is conditional on the job still
// being active, so two finishers racing cannot both win.

export type JobRow = Selectable<GenerationsTable>

export class GenerationInProgressError extends Error {
  override name = 'GenerationInProgressError'
}

/** The unique partial index refused a second active job (a concurrent start won). */
function isActiveJobConflict(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${'code' in error ? String(error.code) : ''}` : ''
  return /generations_one_active_per_user|UNIQUE constraint failed: generations\.user_id|23505/.test(text)
}

export interface NewJob {
  userId: string
  provider: string
  params: JobParams
  prompt: string
  costHundredths: number
}

/** One transaction: no active job, hold the price, insert the job (queued, no request id yet). */
export async function insertJob(db: Kysely<Database>, job: NewJob): Promise<JobRow> {
  const now = new Date().toISOString()
  const row: JobRow = {
    id: randomUUID(),
    user_id: job.userId,
    kind: job.params.input.kind,
    status: 'queued',
    provider: job.provider,
    provider_request_id: null,
    params: JSON.stringify(job.params),
    prompt: job.prompt,
    cost_hundredths: job.costHundredths,
    output_url: null,
    thumbnail_url: null,
    error: null,
    progress_current: 0,
    progress_total: 0,
    created_at: now,
    updated_at: now,
  }
  try {
    await withWriteTransaction(db, async (trx) => {
      const active = await trx
        .selectFrom('generations')
        .select('id')
        .where('user_id', '=', job.userId)
        .where('status', 'in', ACTIVE_GENERATION_STATUSES)
        .executeTakeFirst()
      if (active !== undefined) throw new GenerationInProgressError('A generation is already running')
      if (job.costHundredths > 0) {
        await postLedgerEntry(trx, {
          userId: job.userId,
          amountHundredths: -job.costHundredths,
          idempotencyKey: ledgerKeys.jobHold(row.id),
          reason: `${row.kind} generation`,
        })
      }
      await trx.insertInto('generations').values(row).execute()
    })
  } catch (error) {
    if (isActiveJobConflict(error)) throw new GenerationInProgressError('A generation is already running', { cause: error })
    throw error
  }
  return row
}

export async function recordRequestId(db: Kysely<Database>, jobId: string, requestId: string): Promise<void> {
  await db
    .updateTable('generations')
    .set({ provider_request_id: requestId, updated_at: new Date().toISOString() })
    .where('id', '=', jobId)
    .where('status', 'in', ACTIVE_GENERATION_STATUSES)
    .execute()
}

/** Moves an active job to the provider's queued/running state and progress (no write when unchanged). */
export async function recordProgress(db: Kysely<Database>, row: JobRow, status: ProviderStatus): Promise<JobRow> {
  const state = status.state === 'running' ? 'running' : 'queued'
  const { current, total } = status.progress
  if (row.status === state && row.progress_current === current && row.progress_total === total) return row
  const changes: Pick<JobRow, 'status' | 'progress_current' | 'progress_total' | 'updated_at'> = {
    status: state,
    progress_current: current,
    progress_total: total,
    updated_at: new Date().toISOString(),
  }
  await db.updateTable('generations').set(changes).where('id', '=', row.id).where('status', 'in', ACTIVE_GENERATION_STATUSES).execute()
  return { ...row, ...changes }
}

export async function completeJob(db: Kysely<Database>, jobId: string, status: ProviderStatus): Promise<void> {
  const total = Math.max(status.progress.total, 1)
  await db
    .updateTable('generations')
    .set({
      status: 'completed',
      output_url: status.outputUrl ?? null,
      thumbnail_url: status.thumbnailUrl ?? null,
      progress_current: total,
      progress_total: total,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', jobId)
    .where('status', 'in', ACTIVE_GENERATION_STATUSES)
    .execute()
}

/**
 * Marks an active job failed and refunds its hold, once, in one transaction.
 * A job cancelled because its owner deleted the account gets its hold
 * released the same way (docs/decisions/0260): credits, never money.
 */
export async function failJob(db: Kysely<Database>, jobId: string, error: string, ledgerReason = 'refund of a failed generation'): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('generations')
      .set({ status: 'failed', error, updated_at: new Date().toISOString() })
      .where('id', '=', jobId)
      .where('status', 'in', ACTIVE_GENERATION_STATUSES)
      .returning(['user_id', 'cost_hundredths'])
      .executeTakeFirst()
    if (updated === undefined || updated.cost_hundredths === 0) return
    await postLedgerEntry(trx, {
      userId: updated.user_id,
      amountHundredths: updated.cost_hundredths,
      idempotencyKey: ledgerKeys.jobRefund(jobId),
      reason: ledgerReason,
    })
  })
}

export function findJob(db: Kysely<Database>, jobId: string): Promise<JobRow | undefined> {
  return db.selectFrom('generations').selectAll().where('id', '=', jobId).executeTakeFirst()
}

export function findActiveJobsOf(db: Kysely<Database>, userId: string): Promise<JobRow[]> {
  return db.selectFrom('generations').selectAll().where('user_id', '=', userId).where('status', 'in', ACTIVE_GENERATION_STATUSES).execute()
}

export function findActiveJobs(db: Kysely<Database>): Promise<JobRow[]> {
  return db.selectFrom('generations').selectAll().where('status', 'in', ACTIVE_GENERATION_STATUSES).orderBy('created_at').execute()
}
