import { sql, type Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { RetentionConfig } from '../config.ts'
import { forgetDeletedRows } from '../db/forget-deleted.ts'
import type { Database } from '../db/schema.ts'
import { deleteMedia, type MediaDeleter } from './account-media.ts'

// Retention as the privacy page promises it (docs/decisions/0263), run by the
// background round (server/background/tasks.ts) with the configured figures:
// support messages and bug reports (and their outbox mail) go after
// `supportMonths`; an upload (the media catalogue's origin 'upload') that no
// job refers to goes `unusedUploadDays` after it was uploaded; a finished
// account deletion's record goes `accountDeletionDays` after the request. Every time comes from `now`, so tests move the clock.

export interface RetentionDeps {
  db: Kysely<Database>
  store: MediaDeleter
  log: Logger
  retention: RetentionConfig
  now?: () => Date
}

export interface RetentionRound {
  messages: number
  bugReports: number
  uploads: number
  deletionRecords: number
}

/** Uploads looked at per round: a backlog drains over a few rounds instead of one long one. */
const UPLOAD_BATCH = 500

export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime())
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  return cutoff
}

export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * 24 * 60 * 60_000)

async function deleteOldSupportMessages(db: Kysely<Database>, cutoff: string): Promise<Pick<RetentionRound, 'messages' | 'bugReports'>> {
  return db.transaction().execute(async (trx) => {
    const oldMessages = trx.selectFrom('messages').select('id').where('created_at', '<', cutoff)
    const oldReports = trx.selectFrom('bug_reports').select('id').where('created_at', '<', cutoff)
    await trx.deleteFrom('outbox').where('source_id', 'in', oldMessages).execute()
    await trx.deleteFrom('outbox').where('source_id', 'in', oldReports).execute()
    const messages = await trx.deleteFrom('messages').where('created_at', '<', cutoff).executeTakeFirst()
    const bugReports = await trx.deleteFrom('bug_reports').where('created_at', '<', cutoff).executeTakeFirst()
    return { messages: Number(messages.numDeletedRows), bugReports: Number(bugReports.numDeletedRows) }
  })
}

/** An upload older than the cutoff that no job names (its reference `/media/<key>` in the job's input or as its video). */
async function deleteUnusedUploads(deps: RetentionDeps, cutoff: string): Promise<number> {
  // A key is a UUID and an extension: nothing in it is a LIKE wildcard.
  const named = sql<string>`'%' || ${sql.ref('media_objects.key')} || '%'`
  const unused = await deps.db
    .selectFrom('media_objects')
    .select('key')
    .where('origin', '=', 'upload')
    .where('created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('generations')
            .select('id')
            // A voice's own job names its audio but does not use it: the audio goes like any upload no video uses (docs/decisions/0232).
            .where('kind', '<>', 'voice')
            .where((eb) => eb.or([eb('params', 'like', named), eb('output_url', 'like', named), eb('thumbnail_url', 'like', named)])),
        ),
      ),
    )
    .orderBy('created_at')
    .limit(UPLOAD_BATCH)
    .execute()
  for (const { key } of unused) await deleteMedia(deps.db, deps.store, key)
  return unused.length
}

async function deleteFinishedDeletionRecords(deps: RetentionDeps, cutoff: string): Promise<number> {
  const overdue = await deps.db
    .selectFrom('account_deletions')
    .select(['id', 'attempts', 'last_error'])
    .where('status', '=', 'pending')
    .where('requested_at', '<', cutoff)
    .execute()
  for (const row of overdue) {
    deps.log.error(
      { deletionId: row.id, attempts: row.attempts, lastError: row.last_error },
      'an account deletion is overdue: the privacy page promises it is done by now; a person must look',
    )
  }
  const done = await deps.db.deleteFrom('account_deletions').where('status', '=', 'done').where('requested_at', '<', cutoff).executeTakeFirst()
  return Number(done.numDeletedRows)
}

export async function enforceRetention(deps: RetentionDeps): Promise<RetentionRound> {
  const now = deps.now?.() ?? new Date()
  const { supportMonths, unusedUploadDays, accountDeletionDays } = deps.retention
  const support = await deleteOldSupportMessages(deps.db, monthsBefore(now, supportMonths).toISOString())
  const uploads = await deleteUnusedUploads(deps, daysBefore(now, unusedUploadDays).toISOString())
  const deletionRecords = await deleteFinishedDeletionRecords(deps, daysBefore(now, accountDeletionDays).toISOString())
  const round = { ...support, uploads, deletionRecords }
  if (Object.values(round).some((count) => count > 0)) {
    // What went is gone from the write-ahead log too (docs/decisions/0268).
    await forgetDeletedRows(deps.db)
    deps.log.info(round, 'retention: old data deleted')
  }
  return round
}
