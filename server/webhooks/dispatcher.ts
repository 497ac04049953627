import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../../contract/constants.ts'
import type { Database } from '../db/schema.ts'
import type { EventFeed } from '../jobs/event-feed.ts'
import type { PeriodicTasks } from '../jobs/periodic-tasks.ts'
import type { MediaLinks } from '../media/links.ts'
import { claimDueDeliveries, pruneDeliveries, recordAttempt, type ClaimedDelivery } from './deliveries.ts'
import { queueJobEnd, queueJobEndsSinceCursor } from './job-ends.ts'
import type { WebhookSender } from './sender.ts'

// Sends webhooks from the workers (docs/decisions/0405). A worker hears from
// its job event feed that a job ended, queues its deliveries and sends them
// at once; a short periodic round sends what is due again (a retry's
// back-off, a ping, a claim left by a worker that died), and a slower one
// reads the job events from the cursor for ends no worker heard. At least
// once: a delivery is marked delivered only after a 2xx; a crash in between
// sends it again, with the same webhook-id.

/** How long a claim holds: far longer than one attempt may take. */
const CLAIM_MS = 60_000
const BATCH = 20
/** Finished deliveries stay visible on the Account screen this long. */
const RETENTION_MS = 7 * 24 * 60 * 60_000

export interface WebhookDispatcherOptions {
  db: Kysely<Database>
  feed: EventFeed
  tasks: PeriodicTasks
  sender: WebhookSender
  links: Pick<MediaLinks, 'forClient'>
  log: Logger
  /** This process's id in claims. */
  owner: string
  /** Seconds to wait after each failed attempt (default WEBHOOK_RETRY_DELAYS_SECONDS; tests shorten them). */
  retryDelaysSeconds?: readonly number[]
  /** How often due deliveries are looked for (default 2 s: a test ping should not wait long). */
  dueIntervalMs?: number
  /** How often the job events are read for ends nobody heard (default 30 s). */
  catchUpIntervalMs?: number
}

export interface WebhookDispatcher {
  /** Sends what is due now; resolves when this round is done. */
  sendDue(): Promise<void>
  close(): Promise<void>
}

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, log } = options
  const delays = options.retryDelaysSeconds ?? WEBHOOK_RETRY_DELAYS_SECONDS
  let closed = false
  const rounds = new Set<Promise<void>>()

  /** After the nth failed attempt: when to try again, or null once the delays are spent. A ping is tried once. */
  function retryAt(delivery: ClaimedDelivery, at: Date): Date | null {
    const delay = delivery.eventType === 'ping' ? undefined : delays[delivery.attempts - 1]
    return delay === undefined ? null : new Date(at.getTime() + delay * 1000)
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await options.sender.send(delivery, new Date())
    const next = outcome.error === null ? null : retryAt(delivery, outcome.at)
    await recordAttempt(db, delivery, options.owner, outcome, next)
    const about = { delivery: delivery.id, type: delivery.eventType, attempt: delivery.attempts, status: outcome.status }
    if (outcome.error === null) log.info(about, 'webhook delivered')
    else if (next === null) log.warn({ ...about, reason: outcome.error }, 'webhook failed for good')
    else log.info({ ...about, reason: outcome.error, retryAt: next.toISOString() }, 'webhook not delivered; trying again later')
  }

  async function round(): Promise<void> {
    for (;;) {
      if (closed) return
      const claimed = await claimDueDeliveries(db, { owner: options.owner, limit: BATCH, claimMs: CLAIM_MS, now: new Date() })
      await Promise.all(
        claimed.map((delivery) => deliver(delivery).catch((error: unknown) => log.warn({ err: error, delivery: delivery.id }, 'sending a webhook failed'))),
      )
      if (claimed.length < BATCH) return
    }
  }

  function track(work: Promise<unknown>): Promise<void> {
    const running = work.then(
      () => undefined,
      (error: unknown) => {
        if (!closed) log.warn({ err: error }, 'webhook round failed; the next one tries again')
      },
    )
    rounds.add(running)
    void running.finally(() => rounds.delete(running))
    return running
  }

  const sendDue = (): Promise<void> => track(round())
  const unsubscribe = options.feed.subscribe(({ event }) => {
    if (event.status.status !== 'completed' && event.status.status !== 'failed') return
    void track(queueJobEnd(db, options.links, event.requestId, new Date().toISOString()).then((queued) => (queued > 0 ? round() : undefined)))
  })
  const catchUp = (): Promise<void> => track(queueJobEndsSinceCursor(db, options.links).then((queued) => (queued > 0 ? round() : undefined)))
  const unsubscribeResync = options.feed.onResync(() => void catchUp())
  options.tasks.register({ name: 'webhooks due', intervalMs: options.dueIntervalMs ?? 2_000, run: sendDue })
  options.tasks.register({ name: 'webhooks for job ends not heard', intervalMs: options.catchUpIntervalMs ?? 30_000, runAtStart: true, run: catchUp })
  options.tasks.register({
    name: 'webhook outbox retention',
    intervalMs: 60 * 60_000,
    run: () => pruneDeliveries(db, new Date(Date.now() - RETENTION_MS).toISOString()),
  })

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
