import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Config } from '../config.ts'
import type { Database } from '../db/schema.ts'
import type { EventFeed } from '../jobs/event-feed.ts'
import type { PeriodicTasks } from '../jobs/periodic-tasks.ts'
import { newWorkerId } from '../jobs/worker-id.ts'
import { createOutboundGuard, type OutboundPolicy } from '../outbound/guard.ts'
import { createPushDispatcher, type PushDispatcher, type SentMessage } from '../push/dispatcher.ts'
import { createPushEndpointPolicy, type PushEndpointPolicy } from '../push/endpoint-policy.ts'
import { createPushSender } from '../push/push-sender.ts'
import { vapidKeysIn } from '../push/vapid-keys.ts'

// Push notifications (docs/decisions/0280) as a part of the core (./core.ts):
// every process fills and sends the outbox, since a job may end in any of
// them; API instances also mount the subscription calls (./routes.ts).
// Endpoints are checked when a device subscribes and before every message,
// against the configured push services and the outbound guard
// (docs/decisions/0283).

export interface PushPart {
  dispatcher: PushDispatcher
  /** The VAPID public key devices subscribe with. */
  publicKey: string
  /** Which endpoints a device may name (the subscribe call) and the sender may reach. */
  endpoints: PushEndpointPolicy
  /** The subscribe call's limit per account (PUSH_SUBSCRIBE_*). */
  subscribeLimit: { burst: number; refillSeconds: number }
  close(): Promise<void>
}

export interface PushPartDeps {
  config: Config
  db: Kysely<Database>
  feed: EventFeed
  tasks: PeriodicTasks
  log: Logger
}

export interface PushOptions {
  /**
   * Tests only: the outbound guard's allowances for a local fake push service
   * (its loopback address, its certificate). Never from configuration.
   */
  outbound?: OutboundPolicy
  /** Tests and the bench: told of every message the push service accepted. */
  onSent?: (sent: SentMessage) => void
}

/** null while push is off (PUSH_NOTIFICATIONS=off). */
export async function createPushPart(deps: PushPartDeps, options: PushOptions = {}): Promise<PushPart | null> {
  const push = deps.config.push
  if (!push.enabled) return null
  const vapid = push.vapid ?? (await vapidKeysIn(deps.config.dataDir))
  const guard = createOutboundGuard(options.outbound)
  const endpoints = createPushEndpointPolicy({ hosts: push.endpointHosts, guard })
  const sender = createPushSender({ vapid, subject: push.subject, endpoints, guard })
  const dispatcher = createPushDispatcher({
    db: deps.db,
    feed: deps.feed,
    tasks: deps.tasks,
    sender,
    log: deps.log.child({ part: 'push' }),
    owner: newWorkerId(),
    // Due retries and abandoned claims are looked for as often as job deadlines are swept.
    retryIntervalMs: deps.config.jobs.sweepIntervalMs,
    ...(options.onSent === undefined ? {} : { onSent: options.onSent }),
  })
  return { dispatcher, publicKey: vapid.publicKey, endpoints, subscribeLimit: push.subscribeLimit, close: () => dispatcher.close() }
}
