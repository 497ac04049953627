import type { Kysely } from 'kysely'
import { jobEventSchema } from '../../contract/job-events.ts'
import type { GenerationEvent } from '../../contract/public-api/webhook-events.ts'
import type { Database } from '../db/schema.ts'
import { findJob } from '../domain/generations-jobs.ts'
import type { MediaLinks } from '../media/links.ts'
import { isVideoJob, toPublicGeneration } from '../domain/public-generation.ts'
import { queueDeliveries, type NewDelivery } from './deliveries.ts'

// Webhooks follow the job events (docs/decisions/0212, 0405): the domain
// records every change of a job as a job event and knows nothing of
// webhooks. Here a job event that says a job ended becomes one delivery per
// endpoint its owner had registered by then. The feed tells a worker of each
// event as it is written; a periodic read of the events table from a cursor
// (less an overlap, as an event's time is set before its transaction
// commits) catches what a worker that was down or disconnected did not hear.
// The outbox's unique key makes reading an event twice harmless.

/** Events are read again this far back: longer than any transaction that writes one lasts. */
const OVERLAP_MS = 2 * 60_000
/** Events read in one round at most; the rest follow in the next. */
const BATCH = 1000
const CURSOR = 'job-events'

const ENDED = new Set(['completed', 'failed'])

/** Queues the deliveries of one ended job (answers how many were new). */
export async function queueJobEnd(db: Kysely<Database>, links: Pick<MediaLinks, 'forClient'>, jobId: string, eventAt: string): Promise<number> {
  const job = await findJob(db, jobId)
  // A voice made from a script is a job too, but not an event of the API.
  if (job === undefined || !isVideoJob(job) || !ENDED.has(job.status)) return 0
  const endpoints = await db.selectFrom('webhook_endpoints').select('id').where('user_id', '=', job.user_id).where('created_at', '<=', eventAt).execute()
  if (endpoints.length === 0) return 0
  const type = job.status === 'completed' ? 'generation.completed' : 'generation.failed'
  const body: GenerationEvent = { type, timestamp: job.updated_at, data: toPublicGeneration(job, links) }
  const payload = JSON.stringify(body)
  const deliveries: NewDelivery[] = endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventType: type, jobId: job.id, payload }))
  return queueDeliveries(db, deliveries, new Date())
}

/** Reads the job events since the cursor and queues what ended; moves the cursor on. Answers how many deliveries were new. */
export async function queueJobEndsSinceCursor(db: Kysely<Database>, links: Pick<MediaLinks, 'forClient'>, now = new Date()): Promise<number> {
  const cursor = await db.selectFrom('webhook_feed_cursor').select('read_to').where('name', '=', CURSOR).executeTakeFirst()
  // The first round starts from now: events before any endpoint existed need no webhook.
  const from = new Date(Date.parse(cursor?.read_to ?? now.toISOString()) - OVERLAP_MS).toISOString()
  let queued = 0
  const seen = new Set<string>()
  let after: { createdAt: string; id: number } | null = null
  for (;;) {
    let select = db
      .selectFrom('job_events')
      .select(['id', 'user_id', 'job_id', 'body', 'created_at'])
      .where('created_at', '>=', from)
      // Only the events of a job's end (the body is contract/job-events.ts's, written by this server).
      .where((eb) => eb.or([eb('body', 'like', '%"status":{"status":"completed"%'), eb('body', 'like', '%"status":{"status":"failed"%')]))
    if (after !== null) {
      const { createdAt, id } = after
      select = select.where((eb) => eb.or([eb('created_at', '>', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)])]))
    }
    const events = await select.orderBy('created_at').orderBy('id').limit(BATCH).execute()
    // Most users have no endpoint: one read tells which of these do.
    const owners = [...new Set(events.map((row) => row.user_id))]
    const withEndpoints = new Set(
      owners.length === 0
        ? []
        : (await db.selectFrom('webhook_endpoints').select('user_id').distinct().where('user_id', 'in', owners).execute()).map((row) => row.user_id),
    )
    for (const row of events) {
      if (seen.has(row.job_id) || !withEndpoints.has(row.user_id) || !endedIn(row.body)) continue
      seen.add(row.job_id)
      queued += await queueJobEnd(db, links, row.job_id, row.created_at)
    }
    const last = events.at(-1)
    if (events.length < BATCH || last === undefined) break
    after = { createdAt: last.created_at, id: Number(last.id) }
  }
  await moveCursor(db, now.toISOString())
  return queued
}

function endedIn(body: string): boolean {
  try {
    const event = jobEventSchema.safeParse(JSON.parse(body))
    return event.success && ENDED.has(event.data.status.status)
  } catch {
    return false
  }
}

/** Only ever forward, whichever worker got here first. */
async function moveCursor(db: Kysely<Database>, readTo: string): Promise<void> {
  await db
    .insertInto('webhook_feed_cursor')
    .values({ name: CURSOR, read_to: readTo })
    .onConflict((oc) => oc.column('name').doUpdateSet({ read_to: readTo }).where('webhook_feed_cursor.read_to', '<', readTo))
    .execute()
}
