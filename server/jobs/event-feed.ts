import type { Kysely } from 'kysely'
import { Client } from 'pg'
import type { Logger } from 'pino'
import type { DatabaseConfig } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { eventsAfter, eventsSince, JOB_EVENTS_CHANNEL, latestEventId, parseNotification, type StoredJobEvent } from '../domain/job-events.ts'

// One per process: tells its listeners (event streams, a worker's loop) about
// every job event written by any instance, from the database
// (docs/decisions/0212). PostgreSQL: one LISTEN connection; after it drops
// and comes back, the feed reads what was written meanwhile and tells its
// listeners to catch up. SQLite: a short poll of job_events (its writers are
// serialised, so ids never skip back and "after the last id seen" misses
// nothing). Listeners may see an event twice; they keep their own last id.

export type EventListener = (event: StoredJobEvent) => void

export interface EventFeed {
  subscribe(listener: EventListener): () => void
  /** Told after the feed may have missed events (a reconnect): read what you need from the database again. */
  onResync(listener: () => void): () => void
  close(): Promise<void>
}

export interface EventFeedOptions {
  db: Kysely<Database>
  database: DatabaseConfig
  log: Logger
  /** SQLite: how often the table is read. */
  pollMs: number
}

const RECONNECT_MS = [250, 1000, 2000, 5000]

export function createEventFeed(options: EventFeedOptions): EventFeed {
  const listeners = new Set<EventListener>()
  const resyncs = new Set<() => void>()
  let closed = false
  const publish = (event: StoredJobEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        options.log.error({ err: error }, 'a job event listener failed')
      }
    }
  }
  const resync = (): void => {
    for (const listener of resyncs) listener()
  }
  const stop =
    options.database.kind === 'postgres'
      ? listenToPostgres(options.database.url, options, publish, resync, () => closed)
      : pollSqlite(options, publish, () => closed)
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onResync(listener) {
      resyncs.add(listener)
      return () => resyncs.delete(listener)
    },
    async close() {
      closed = true
      listeners.clear()
      resyncs.clear()
      await stop()
    },
  }
}

function pollSqlite(options: EventFeedOptions, publish: EventListener, isClosed: () => boolean): () => Promise<void> {
  let lastId: number | null = null
  let timer: NodeJS.Timeout | undefined
  let round: Promise<void> = Promise.resolve()
  const tick = async (): Promise<void> => {
    try {
      if (lastId === null) lastId = await latestEventId(options.db)
      for (;;) {
        const events = await eventsAfter(options.db, lastId)
        for (const event of events) {
          lastId = Math.max(lastId, event.id)
          publish(event)
        }
        if (events.length === 0 || isClosed()) break
      }
    } catch (error) {
      if (!isClosed()) options.log.warn({ err: error }, 'reading job events failed; trying again')
    }
    if (!isClosed()) timer = setTimeout(() => (round = tick()), options.pollMs)
  }
  round = tick()
  return async () => {
    clearTimeout(timer)
    await round
  }
}

function listenToPostgres(url: string, options: EventFeedOptions, publish: EventListener, resync: () => void, isClosed: () => boolean): () => Promise<void> {
  let client: Client | null = null
  let failures = 0
  let timer: NodeJS.Timeout | undefined
  /** When the last connection was known good: a reconnect reads events from shortly before. */
  let healthySince: string | null = null

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel !== JOB_EVENTS_CHANNEL) return
      const event = parseNotification(message.payload)
      if (event !== null) publish(event)
    })
    next.on('error', (error) => lost(next, error))
    next.on('end', () => lost(next, null))
    try {
      await next.connect()
      await next.query(`LISTEN ${JOB_EVENTS_CHANNEL}`)
    } catch (error) {
      lost(next, error)
      return
    }
    if (isClosed()) {
      await next.end().catch(() => undefined)
      return
    }
    client = next
    failures = 0
    if (healthySince !== null) await catchUp(healthySince)
    healthySince = new Date().toISOString()
  }

  const catchUp = async (since: string): Promise<void> => {
    try {
      // A few seconds of overlap: an event of a transaction that committed just before the drop is read again, not lost.
      const from = new Date(Date.parse(since) - 5000).toISOString()
      for (const event of await eventsSince(options.db, from)) publish(event)
    } catch (error) {
      options.log.warn({ err: error }, 'catching up on job events failed')
    }
    resync()
  }

  const lost = (which: Client, error: unknown): void => {
    if (client !== null && client !== which) return
    client = null
    which.removeAllListeners('notification')
    void which.end().catch(() => undefined)
    if (isClosed()) return
    if (healthySince !== null) healthySince = new Date().toISOString()
    const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)] ?? 5000
    failures += 1
    if (error !== null) options.log.warn({ err: error, retryInMs: wait }, 'job event listener lost its database connection')
    clearTimeout(timer)
    timer = setTimeout(() => void connect(), wait)
  }

  const first = connect()
  return async () => {
    clearTimeout(timer)
    await first
    const current = client
    client = null
    if (current !== null) await current.end().catch(() => undefined)
  }
}
