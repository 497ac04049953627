import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { ACTIVE_GENERATION_STATUSES, VIDEO_GENERATION_KINDS, type JobRow } from '../db/schema-generations.ts'
import type { ProviderStatus } from '../providers/provider.ts'
import { ledgerKeys, postLedgerEntry } from './credits.ts'
import { withWriteTransaction } from '../db/transaction.ts'
import { lockUserMoney, settleOutstanding } from './reversal-ledger.ts'
import type { JobParams } from './generations-params.ts'
import { recordJobEvent } from './job-events.ts'

// The job row and its money, one write transaction each (architecture: money
// and jobs). Starting holds the price (`job:<id>:hold`) and inserts the job;
// a job that ends failed gets the hold back exactly once (`job:<id>:refund`),
// from which a refunded purchase's unrecovered credits are then taken; a
// completed job keeps it. Every transition is conditional on the job still
// being active, so two finishers racing cannot both win; a worker's writes are
// also conditional on still holding the job's lease (job-leases.ts), so a
// worker that lost its lease changes nothing. Every change is a job event in
// the same transaction (job-events.ts); what follows a job's end elsewhere
// (its push messages) is derived from those events by their subscribers.

export class GenerationInProgressError extends Error {
  override name = 'GenerationInProgressError'
}
/** A voice of the user is still being made (one at a time, apart from videos: docs/decisions/0232). */
export class VoiceInProgressError extends Error {
  override name = 'VoiceInProgressError'
}

/** The unique partial indexes refused a second active job (a concurrent start won). */
function isActiveJobConflict(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${'code' in error ? String(error.code) : ''}` : ''
  return /generations_one_active_(voice_)?per_user|UNIQUE constraint failed: generations\.user_id|23505/.test(text)
}

/** Which one-at-a-time rule a kind falls under: a voice is never blocked by a video, nor a video by a voice. */
const rivalKinds = (kind: JobRow['kind']): readonly JobRow['kind'][] => (kind === 'voice' ? ['voice'] : VIDEO_GENERATION_KINDS)

function inProgress(kind: JobRow['kind'], options?: ErrorOptions): Error {
  return kind === 'voice'
    ? new VoiceInProgressError('A voice is already being made', options)
    : new GenerationInProgressError('A generation is already running', options)
}

export interface NewJob {
  /** Chosen by the caller (an idempotent create); a fresh UUID otherwise. Never two jobs, nor two holds, under one id. */
  id?: string
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
    id: job.id ?? randomUUID(),
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
    lease_owner: null,
    lease_expires_at: null,
    claims: 0,
    provider_result_url: null,
    output_duration_ms: null,
    poster_failed_at: null,
    captions_vtt_url: null,
    captions_srt_url: null,
  }
  try {
    await withWriteTransaction(db, async (trx) => {
      const active = await trx
        .selectFrom('generations')
        .select('id')
        .where('user_id', '=', job.userId)
        .where('status', 'in', ACTIVE_GENERATION_STATUSES)
        .where('kind', 'in', rivalKinds(row.kind))
        .executeTakeFirst()
      if (active !== undefined) throw inProgress(row.kind)
      if (job.costHundredths > 0) {
        await postLedgerEntry(trx, {
          userId: job.userId,
          amountHundredths: -job.costHundredths,
          idempotencyKey: ledgerKeys.jobHold(row.id),
          reason: `${row.kind} generation`,
        })
      }
      await trx.insertInto('generations').values(row).execute()
      await recordJobEvent(trx, row)
    })
  } catch (error) {
    if (isActiveJobConflict(error)) throw inProgress(row.kind, { cause: error })
    throw error
  }
  return row
}

type RowChanges = Partial<Omit<JobRow, 'id' | 'user_id' | 'kind' | 'provider' | 'params' | 'prompt' | 'cost_hundredths' | 'created_at'>>

/**
 * Applies `changes` to an active job (and, with `leaseOwner`, only while that
 * worker holds its lease) and records the event, in one transaction. Answers
 * the changed row, or undefined when the condition no longer held.
 */
async function changeActiveJob(db: Kysely<Database>, jobId: string, changes: RowChanges, leaseOwner?: string): Promise<JobRow | undefined> {
  return withWriteTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('generations')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', jobId)
      .where('status', 'in', ACTIVE_GENERATION_STATUSES)
      .$if(leaseOwner !== undefined, (qb) => qb.where('lease_owner', '=', leaseOwner ?? ''))
      .returningAll()
      .executeTakeFirst()
    if (updated !== undefined) await recordJobEvent(trx, updated)
    return updated
  })
}

export async function recordRequestId(db: Kysely<Database>, jobId: string, requestId: string): Promise<void> {
  await changeActiveJob(db, jobId, { provider_request_id: requestId })
}

/**
 * Moves an active job to the provider's queued/running state and progress
 * (no write when unchanged). Answers the row as it now is; undefined when the
 * job ended or the lease was lost meanwhile.
 */
export async function recordProgress(db: Kysely<Database>, row: JobRow, status: ProviderStatus, leaseOwner: string): Promise<JobRow | undefined> {
  const state = status.state === 'running' ? 'running' : 'queued'
  const { current, total } = status.progress
  if (row.status === state && row.progress_current === current && row.progress_total === total) return row
  return changeActiveJob(db, row.id, { status: state, progress_current: current, progress_total: total }, leaseOwner)
}

/** The poster frame taken of a finished video (docs/decisions/0163): its reference and the video's measured length. */
export interface JobPoster {
  /** `/media/<key>.jpg` of our media store. */
  thumbnailUrl: string
  durationMs: number | null
}

/**
 * Completes an active job, with its poster when one was taken; with
 * `leaseOwner` only while that worker holds it (fixtures that seed finished
 * jobs pass none). False when nothing changed.
 */
export async function completeJob(
  db: Kysely<Database>,
  jobId: string,
  status: ProviderStatus,
  options: { leaseOwner?: string; poster?: JobPoster | null } = {},
): Promise<boolean> {
  const total = Math.max(status.progress.total, 1)
  const changed = await changeActiveJob(
    db,
    jobId,
    {
      status: 'completed',
      output_url: status.outputUrl ?? null,
      captions_vtt_url: status.captions?.vttUrl ?? null,
      captions_srt_url: status.captions?.srtUrl ?? null,
      progress_current: total,
      progress_total: total,
      lease_owner: null,
      lease_expires_at: null,
      ...(options.poster ? { thumbnail_url: options.poster.thumbnailUrl, output_duration_ms: options.poster.durationMs } : {}),
    },
    options.leaseOwner,
  )
  return changed !== undefined
}

/**
 * Marks an active job failed and refunds its hold, once, in one transaction.
 * With `leaseOwner`, only while that worker holds the lease (a worker that
 * lost it must not fail a job another worker is finishing). A job cancelled
 * because its owner deleted the account gets its hold released the same way,
 * under its own `ledgerReason` (docs/decisions/0260): credits, never money.
 * False when nothing changed.
 */
export async function failJob(
  db: Kysely<Database>,
  jobId: string,
  error: string,
  options: { leaseOwner?: string; ledgerReason?: string } = {},
): Promise<boolean> {
  return withWriteTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('generations')
      .set({ status: 'failed', error, lease_owner: null, lease_expires_at: null, updated_at: new Date().toISOString() })
      .where('id', '=', jobId)
      .where('status', 'in', ACTIVE_GENERATION_STATUSES)
      .$if(options.leaseOwner !== undefined, (qb) => qb.where('lease_owner', '=', options.leaseOwner ?? ''))
      .returningAll()
      .executeTakeFirst()
    if (updated === undefined) return false
    if (updated.cost_hundredths > 0) {
      await lockUserMoney(trx, updated.user_id)
      await postLedgerEntry(trx, {
        userId: updated.user_id,
        amountHundredths: updated.cost_hundredths,
        idempotencyKey: ledgerKeys.jobRefund(jobId),
        reason: options.ledgerReason ?? 'refund of a failed generation',
      })
      // Credits came back: a refunded purchase whose credits were spent on this job takes them now (docs/decisions/0267).
      await settleOutstanding(trx, updated.user_id)
    }
    await recordJobEvent(trx, updated)
    return true
  })
}

export type DeliveredResult = 'recorded' | 'duplicate' | 'ended' | 'unknown'

/**
 * fal's webhook delivered a finished video for one of our fal requests: keep
 * its URL for the worker that copies it home (once; later deliveries change
 * nothing). The event wakes that worker.
 */
export async function recordDeliveredResult(db: Kysely<Database>, falRequestId: string, videoUrl: string): Promise<DeliveredResult> {
  const row = await findFalJob(db, falRequestId)
  if (row === undefined) return 'unknown'
  if (row.status !== 'queued' && row.status !== 'running') return 'ended'
  const updated = await withWriteTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable('generations')
      .set({ provider_result_url: videoUrl, updated_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .where('status', 'in', ACTIVE_GENERATION_STATUSES)
      .where('provider_result_url', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (changed !== undefined) await recordJobEvent(trx, changed)
    return changed
  })
  return updated === undefined ? 'duplicate' : 'recorded'
}

export function findJob(db: Kysely<Database>, jobId: string): Promise<JobRow | undefined> {
  return db.selectFrom('generations').selectAll().where('id', '=', jobId).executeTakeFirst()
}

/** Our job behind a fal request id (webhooks name fal's id, not ours). */
export function findFalJob(db: Kysely<Database>, falRequestId: string): Promise<JobRow | undefined> {
  return db.selectFrom('generations').selectAll().where('provider', '=', 'fal').where('provider_request_id', '=', falRequestId).executeTakeFirst()
}

/** Active jobs created before `createdBefore` (the deadline sweep), oldest first. */
export function findActiveJobsCreatedBefore(db: Kysely<Database>, createdBefore: string, limit = 500): Promise<JobRow[]> {
  return db
    .selectFrom('generations')
    .selectAll()
    .where('status', 'in', ACTIVE_GENERATION_STATUSES)
    .where('created_at', '<', createdBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

/**
 * Ends every active job of a user as failed, its hold released once (account
 * deletion). The worker holding such a job sees its lease gone and stops.
 * Answers the ids it ended.
 */
export async function cancelActiveJobs(db: Kysely<Database>, userId: string, error: string): Promise<string[]> {
  const active = await db.selectFrom('generations').select('id').where('user_id', '=', userId).where('status', 'in', ACTIVE_GENERATION_STATUSES).execute()
  const ended: string[] = []
  for (const { id } of active) if (await failJob(db, id, error, { ledgerReason: 'hold released: account deleted' })) ended.push(id)
  return ended
}
