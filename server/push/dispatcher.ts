import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from '../db/schema.ts'
import type { EventFeed } from '../jobs/event-feed.ts'
import type { PeriodicTasks } from '../jobs/periodic-tasks.ts'
import { claimDueDeliveries, finishDelivery, pruneDeliveries, retryDeliveryAt, type ClaimedDelivery } from './deliveries.ts'
import { endsJob, queueJobEnd, queueMissedJobEnds } from './job-ends.ts'
import { PUSH_TTL_SECONDS, pushMessageOf, pushTopicOf } from './push-message.ts'
import type { PushOutcome, PushSender } from './push-sender.ts'
import { removePushSubscription } from './subscriptions.ts'

// Fills and sends the push outbox (docs/decisions/0280, 0313). Every
// instance, API or worker, runs one: it hears from its job event feed that a
// job ended — on PostgreSQL by NOTIFY, on SQLite by its short poll — queues
// that job's messages (job-ends.ts) and sends them at once, after claiming
// them (deliveries.ts), so whichever instance gets there first sends each
// message and the others find nothing to claim. A periodic round picks up
// what is due again — a retry after a passing failure, a claim left by an
// instance that died — and queues the recent job ends nobody queued.

/** How long a claim holds: far longer than one send may take (the sender's timeout). */
const CLAIM_MS = 60_000
/** Messages claimed and sent together. */
const BATCH = 20
/** Back-off after a passing failure, by attempt. */
const RETRY_DELAYS_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000]
/** After this many attempts the message is dropped. */
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1
/** Finished outbox rows are kept this long (they guard nothing after the job's end). */
const RETENTION_MS = 24 * 60 * 60_000
/** Every round looks this far back for job ends nobody queued (a queueing that failed). */
const RECENT_ENDS_MS = 5 * 60_000
/** At start and after a feed's reconnect: as far back as job events are kept (server/compose/worker.ts). */
const KEPT_ENDS_MS = 60 * 60_000

export interface SentMessage {
  delivery: ClaimedDelivery
  /** When the push service accepted it. */
  at: number
}

export interface PushDispatcherOptions {
  db: Kysely<Database>
  feed: EventFeed
  tasks: PeriodicTasks
  sender: PushSender
  log: Logger
  /** This process's id in claims (server/jobs/worker-id.ts). */
  owner: string
  /** How often due messages are looked for without an event (default 15 s). */
  retryIntervalMs?: number
  /** Told of every message the push service accepted (tests, the bench). */
  onSent?: (sent: SentMessage) => void
}

export interface PushDispatcher {
  /** Sends what is due now (for one job when given); resolves when this round is done. */
  sendDue(jobId?: string): Promise<void>
  close(): Promise<void>
}

export function createPushDispatcher(options: PushDispatcherOptions): PushDispatcher {
  const { db, log } = options
  let closed = false
  const rounds = new Set<Promise<void>>()

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    if (Date.parse(delivery.createdAt) + PUSH_TTL_SECONDS * 1000 < Date.now()) {
      await finishDelivery(db, delivery.id, options.owner, 'dropped')
      return
    }
    const outcome = await options.sender.send(
      { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
      { payload: JSON.stringify(pushMessageOf(delivery)), ttlSeconds: PUSH_TTL_SECONDS, topic: pushTopicOf(delivery.jobId) },
    )
    await record(delivery, outcome)
  }

  async function record(delivery: ClaimedDelivery, outcome: PushOutcome): Promise<void> {
    const about = { job: delivery.jobId, subscription: delivery.subscriptionId, attempt: delivery.attempts }
    switch (outcome.kind) {
      case 'sent':
        options.onSent?.({ delivery, at: Date.now() })
        await finishDelivery(db, delivery.id, options.owner, 'sent')
        return
      case 'gone':
        log.info({ ...about, status: outcome.status }, 'push subscription ended; removed')
        await removePushSubscription(db, delivery.subscriptionId)
        return
      case 'not_allowed':
        // Never sendable under the current policy (PUSH_ENDPOINT_HOSTS, the outbound guard): the device goes.
        log.warn({ ...about, reason: outcome.reason }, 'push endpoint not allowed; subscription removed')
        await removePushSubscription(db, delivery.subscriptionId)
        return
      case 'refused':
        log.warn({ ...about, reason: outcome.reason }, 'push service refused a message; dropped')
        await finishDelivery(db, delivery.id, options.owner, 'dropped')
        return
      case 'retry': {
        if (delivery.attempts >= MAX_ATTEMPTS) {
          log.warn({ ...about, reason: outcome.reason }, 'push message failed too often; dropped')
          await finishDelivery(db, delivery.id, options.owner, 'dropped')
          return
        }
        const backOff = RETRY_DELAYS_MS[delivery.attempts - 1] ?? RETRY_DELAYS_MS.at(-1) ?? 60_000
        const wait = Math.max(backOff, outcome.retryAfterMs ?? 0)
        log.info({ ...about, reason: outcome.reason, retryInMs: wait }, 'push message not sent; trying again later')
        await retryDeliveryAt(db, delivery.id, options.owner, new Date(Date.now() + wait))
      }
    }
  }

  async function round(jobId: string | undefined): Promise<void> {
    for (;;) {
      if (closed) return
      const claimed = await claimDueDeliveries(db, { owner: options.owner, limit: BATCH, claimMs: CLAIM_MS, ...(jobId === undefined ? {} : { jobId }) })
      await Promise.all(
        claimed.map((delivery) => deliver(delivery).catch((error: unknown) => log.warn({ err: error, job: delivery.jobId }, 'sending a push message failed'))),
      )
      if (claimed.length < BATCH) return
    }
  }

  /** Runs `work` as a round that close() waits for; a failure is logged, the next round tries again. */
  function track(work: () => Promise<void>): Promise<void> {
    const running = work().catch((error: unknown) => {
      if (!closed) log.warn({ err: error }, 'push round failed; the next one tries again')
    })
    rounds.add(running)
    void running.finally(() => rounds.delete(running))
    return running
  }

  const sendDue = (jobId?: string): Promise<void> => track(() => round(jobId))
  /** Queues the job ends since `sinceMs` ago that nobody queued, then sends whatever is due. */
  const catchUp = (sinceMs: number): Promise<void> =>
    track(async () => {
      if (!closed) await queueMissedJobEnds(db, new Date(Date.now() - sinceMs).toISOString())
      await round(undefined)
    })

  const unsubscribe = options.feed.subscribe(({ event }) => {
    if (!endsJob(event.status.status)) return
    void track(async () => {
      if (!closed) await queueJobEnd(db, event.requestId)
      await round(event.requestId)
    })
  })
  // A feed that may have missed events (a reconnect): what ended meanwhile is queued, whatever is due goes now.
  const unsubscribeResync = options.feed.onResync(() => void catchUp(KEPT_ENDS_MS))
  options.tasks.register({ name: 'push messages due again', intervalMs: options.retryIntervalMs ?? 15_000, run: () => catchUp(RECENT_ENDS_MS) })
  options.tasks.register({
    name: 'push outbox retention',
    intervalMs: 60 * 60_000,
    run: () => pruneDeliveries(db, new Date(Date.now() - RETENTION_MS).toISOString()),
  })
  // A job that ended while no process was there to hear it.
  void catchUp(KEPT_ENDS_MS)

  return {
    sendDue,
    async close() {
      closed = true
      unsubscribe()
      unsubscribeResync()
      await Promise.allSettled(rounds)
    },
  }
}
