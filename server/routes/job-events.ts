import { Hono, type Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { Kysely } from 'kysely'
import type { StatusResponse } from '../../contract/generations.ts'
import type { JobEvent, StreamReady } from '../../contract/job-events.ts'
import { requireUser } from '../auth/middleware.ts'
import type { Database } from '../db/schema.ts'
import { jobEventOf, latestEventId, userEventsAfter, type StoredJobEvent } from '../domain/job-events.ts'
import { ACTIVE_GENERATION_STATUSES } from '../db/schema-generations.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import type { EventFeed } from '../jobs/event-feed.ts'

// GET /api/fal/v1/events: the signed-in user's job events as server-sent
// events (docs/decisions/0212, docs/api.md). The page reads it with fetch, so
// the ID token travels in the Authorization header like every call (no token
// in a URL). Events come from the database through this process's feed, so a
// job finished by any worker reaches a stream on any instance. A fresh stream
// first sends where each of the user's recent jobs stands (so nothing that
// happened before it opened is missed); a Last-Event-ID resumes after that
// event instead; `ready` marks the stream live. The stream ends after a while
// so the page reconnects with a fresh token (a revoked or signed-out session
// stops there).

export interface JobEventRoutesDeps {
  db: Kysely<Database>
  feed: EventFeed
  /** The status as the status calls answer it: media references become freshly signed links (./fal-media.ts). */
  presentStatus(status: StatusResponse): StatusResponse
  /** A stream ends after this long (default 10 min). */
  maxStreamMs?: number
  /** A comment line this often keeps proxies from closing an idle stream (default 20 s). */
  heartbeatMs?: number
  /** Streams one user may hold on one instance (a few tabs and devices). */
  maxStreamsPerUser?: number
  /** Aborted when the server shuts down: every stream ends (the page reconnects to another instance). */
  closing?: AbortSignal
}

/** A fresh stream tells where the user's jobs stand that are active or ended this recently. */
const SNAPSHOT_WINDOW_MS = 10 * 60_000
const SNAPSHOT_MAX_JOBS = 20

/** The user's active and recently ended jobs as events, each with the stream's current id. */
async function snapshot(db: Kysely<Database>, userId: string, id: number): Promise<StoredJobEvent[]> {
  const since = new Date(Date.now() - SNAPSHOT_WINDOW_MS).toISOString()
  const rows = await db
    .selectFrom('generations')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', 'in', ACTIVE_GENERATION_STATUSES), eb('updated_at', '>', since)]))
    .orderBy('updated_at', 'desc')
    .limit(SNAPSHOT_MAX_JOBS)
    .execute()
  return rows.toReversed().map((row) => ({ id, userId, event: jobEventOf(row) }))
}

/** The event id to resume after, or null (a fresh stream). */
function lastEventIdOf(c: Context<AppEnv>): number | null {
  const header = c.req.header('last-event-id')?.trim() ?? ''
  return /^\d{1,15}$/.test(header) ? Number(header) : null
}

/** Writes in order; a write to a stream the page has left is dropped. */
function sender() {
  let chain: Promise<void> = Promise.resolve()
  return (write: () => Promise<void>): void => {
    chain = chain.then(write).catch(() => undefined)
  }
}

export function createJobEventRoutes(deps: JobEventRoutesDeps): Hono<AppEnv> {
  const { db, feed } = deps
  // Events keep media references; the links in them are signed as they are sent, like a status call's.
  const present = (event: JobEvent): string => JSON.stringify({ ...event, status: deps.presentStatus(event.status) })
  const maxStreamMs = deps.maxStreamMs ?? 10 * 60_000
  const heartbeatMs = deps.heartbeatMs ?? 20_000
  const maxStreams = deps.maxStreamsPerUser ?? 8
  const open = new Map<string, number>()

  return new Hono<AppEnv>().get('/events', requireUser(), async (c) => {
    const userId = c.var.user.id
    if ((open.get(userId) ?? 0) >= maxStreams) throw new ApiError(429, 'rate_limited', 'Too many event streams open; close a tab')
    open.set(userId, (open.get(userId) ?? 0) + 1)
    const resumeFrom = lastEventIdOf(c)
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const write = sender()
      let lastId = resumeFrom ?? 0
      let live = false
      const pending: StoredJobEvent[] = []
      const send = (stored: StoredJobEvent): void => {
        if (stored.id <= lastId) return
        lastId = stored.id
        write(() => stream.writeSSE({ event: 'job', id: String(stored.id), data: present(stored.event) }))
      }
      const catchUp = async (): Promise<void> => {
        for (;;) {
          const events = await userEventsAfter(db, userId, lastId)
          for (const event of events) send(event)
          if (events.length < 200) return
        }
      }
      const unsubscribe = feed.subscribe((stored) => {
        if (stored.userId !== userId) return
        if (live) send(stored)
        else pending.push(stored)
      })
      const stopResync = feed.onResync(() => void catchUp().catch(() => undefined))
      const heartbeat = setInterval(() => write(() => stream.write(': keep-alive\n\n').then(() => undefined)), heartbeatMs)
      try {
        if (resumeFrom === null) {
          // Taken before the rows are read: a change after it is (also) in the buffer, never lost.
          lastId = await latestEventId(db, userId)
          for (const stored of await snapshot(db, userId, lastId)) {
            write(() => stream.writeSSE({ event: 'job', id: String(stored.id), data: present(stored.event) }))
          }
        } else {
          await catchUp()
        }
        const ready: StreamReady = { resumed: resumeFrom !== null }
        write(() => stream.writeSSE({ event: 'ready', id: String(lastId), data: JSON.stringify(ready) }))
        live = true
        for (const stored of pending.splice(0)) send(stored)
        await new Promise<void>((resolve) => {
          stream.onAbort(resolve)
          setTimeout(resolve, maxStreamMs).unref()
          if (deps.closing?.aborted === true) resolve()
          deps.closing?.addEventListener('abort', () => resolve(), { once: true })
        })
      } finally {
        clearInterval(heartbeat)
        unsubscribe()
        stopResync()
        const count = (open.get(userId) ?? 1) - 1
        if (count > 0) open.set(userId, count)
        else open.delete(userId)
      }
    })
  })
}
