import { sql, type Kysely } from 'kysely'
import { jobEventSchema, type JobEvent } from '../../contract/job-events.ts'
import { isPostgres } from '../db/dialect-of.ts'
import type { Database } from '../db/schema.ts'
import { toStatusResponse } from './job-status.ts'
import type { JobRow } from '../db/schema-generations.ts'

// Every change of a job the user may see is one job_events row, written in
// the transaction that changes the job (docs/decisions/0212). Instances learn
// of changes from the database, never from process memory: PostgreSQL sends
// the event to every listener at commit (NOTIFY); SQLite readers poll the
// table. For any one user the ids ascend in commit order (one active job per
// user, and a job's changes are serialised by its row), so a stream resumes
// with "this user's events after id N".

export const JOB_EVENTS_CHANNEL = 'actorly_job_events'

/** An event as the feed hands it out: the stream's id, its owner and what the user sees. */
export interface StoredJobEvent {
  id: number
  userId: string
  event: JobEvent
}

export function jobEventOf(row: JobRow): JobEvent {
  return { requestId: row.id, kind: row.kind, status: toStatusResponse(row) }
}

/** Records the job's current state as an event; call it inside the transaction that changed the row. */
export async function recordJobEvent(trx: Kysely<Database>, row: JobRow): Promise<void> {
  const event = jobEventOf(row)
  const inserted = await trx
    .insertInto('job_events')
    .values({ user_id: row.user_id, job_id: row.id, body: JSON.stringify(event), created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (!isPostgres(trx)) return
  const stored: StoredJobEvent = { id: Number(inserted.id), userId: row.user_id, event }
  // Delivered to every LISTEN-ing instance when (and only if) the transaction commits.
  await sql`select pg_notify(${JOB_EVENTS_CHANNEL}, ${JSON.stringify(stored)})`.execute(trx)
}

interface EventRow {
  id: number | string
  user_id: string
  body: string
}

function parseEvent(text: string): JobEvent | null {
  try {
    const parsed = jobEventSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function toStored(row: EventRow): StoredJobEvent | null {
  const event = parseEvent(row.body)
  return event === null ? null : { id: Number(row.id), userId: row.user_id, event }
}

/** A NOTIFY payload (see recordJobEvent), or null when it is not one of ours. */
export function parseNotification(payload: string | undefined): StoredJobEvent | null {
  if (payload === undefined) return null
  try {
    const parsed: unknown = JSON.parse(payload)
    if (typeof parsed !== 'object' || parsed === null || !('id' in parsed) || !('userId' in parsed) || !('event' in parsed)) return null
    const event = jobEventSchema.safeParse(parsed.event)
    if (!event.success || typeof parsed.userId !== 'string') return null
    return { id: Number(parsed.id), userId: parsed.userId, event: event.data }
  } catch {
    return null
  }
}

const present = <T>(value: T | null): value is T => value !== null

/** One user's events after `afterId`, oldest first (a stream's replay). */
export async function userEventsAfter(db: Kysely<Database>, userId: string, afterId: number, limit = 200): Promise<StoredJobEvent[]> {
  const rows = await db
    .selectFrom('job_events')
    .select(['id', 'user_id', 'body'])
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map(toStored).filter(present)
}

/** Every event after `afterId`, oldest first (SQLite's poll: its writes are serialised, so ids never skip back). */
export async function eventsAfter(db: Kysely<Database>, afterId: number, limit = 500): Promise<StoredJobEvent[]> {
  const rows = await db.selectFrom('job_events').select(['id', 'user_id', 'body']).where('id', '>', afterId).orderBy('id').limit(limit).execute()
  return rows.map(toStored).filter(present)
}

/** Events written since `sinceIso` (a listener catching up after its connection dropped). */
export async function eventsSince(db: Kysely<Database>, sinceIso: string, limit = 2000): Promise<StoredJobEvent[]> {
  const rows = await db.selectFrom('job_events').select(['id', 'user_id', 'body']).where('created_at', '>=', sinceIso).orderBy('id').limit(limit).execute()
  return rows.map(toStored).filter(present)
}

/** The newest event id, of one user or of all (0 when there is none). */
export async function latestEventId(db: Kysely<Database>, userId?: string): Promise<number> {
  const row = await db
    .selectFrom('job_events')
    .select((eb) => eb.fn.max('id').as('latest'))
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId ?? ''))
    .executeTakeFirst()
  return Number(row?.latest ?? 0)
}

/** Retention: events older than `beforeIso` are no longer needed to resume a stream. */
export async function pruneJobEvents(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('job_events').where('created_at', '<', beforeIso).executeTakeFirst()
  return Number(result.numDeletedRows)
}
