import type { Logger } from 'pino'
import { registerBackgroundTasks } from '../background/tasks.ts'
import type { Config } from '../config.ts'
import type { DatabaseHandle } from '../db/database.ts'
import { pruneJobEvents } from '../domain/job-events.ts'
import { createJobWorker, type JobWorker } from '../jobs/job-worker.ts'
import type { PeriodicTasks } from '../jobs/periodic-tasks.ts'
import { registerPosterBackfill } from '../jobs/poster-backfill.ts'
import { newWorkerId } from '../jobs/worker-id.ts'
import { createMailer } from '../mail/mailer.ts'
import { createPosters } from '../media/posters.ts'
import { removeDeadRunWorkDirs } from '../render/work-dirs.ts'
import { createWebhookDispatcher, type WebhookDispatcherOptions } from '../webhooks/dispatcher.ts'
import { webhookTargets } from '../webhooks/endpoint-policy.ts'
import { createWebhookSender } from '../webhooks/sender.ts'
import { composeCore, type CoreOptions } from './core.ts'

// A worker process (server/worker.ts, the tests; docs/decisions/0210): the
// core (./core.ts) with the job worker, which claims jobs under leases and
// works them (renders, fal's results copied home, poster frames), and the
// periodic work of the process that runs jobs: job event retention, the
// removal of temp folders that dead runs left (docs/decisions/0214), poster
// frames of older videos (docs/decisions/0163), support mail, unfinished
// account deletions and retention (server/background/tasks.ts).

/** Job events older than this are no longer needed to resume a stream (a stream lasts 10 minutes). */
const JOB_EVENT_RETENTION_MS = 60 * 60_000

export interface ComposedWorker {
  owner: string
  database: DatabaseHandle
  worker: JobWorker
  /** Where other parts register periodic work of the job-running process (e.g. retention). */
  tasks: PeriodicTasks
  /** Starts claiming jobs (after removing dead runs' temp folders). */
  start(): Promise<void>
  /** Stops claiming, stops the work in progress (ffmpeg killed) and gives those jobs back at once. */
  close(): Promise<void>
}

export interface WorkerOptions extends CoreOptions {
  /** Remove dead runs' temp folders at start and now and then (default true; tests sharing a machine turn it off). */
  cleanWorkDirs?: boolean
  /** Tests: shorter webhook back-offs and rounds (server/webhooks/dispatcher.ts). */
  webhooks?: Pick<WebhookDispatcherOptions, 'retryDelaysSeconds' | 'dueIntervalMs' | 'catchUpIntervalMs'>
}

export async function composeWorker(config: Config, logger: Logger, options: WorkerOptions = {}): Promise<ComposedWorker> {
  const owner = newWorkerId()
  const log = logger.child({ role: 'worker', owner })
  const core = await composeCore(config, log, options)
  const { db } = core.database
  const { store } = core.media
  const { tasks } = core
  const cleanWorkDirs = options.cleanWorkDirs ?? true
  const removeLeftovers = async (): Promise<void> => {
    // Renders use the system temp folder; fal downloads land in the store's, to be moved in.
    const removed = [...(await removeDeadRunWorkDirs()), ...(await removeDeadRunWorkDirs(store.tempDir))]
    if (removed.length > 0) log.info({ removed }, 'removed temp folders of dead runs')
  }
  // Poster frames: taken when a job ends, and for older videos by the backfill (docs/decisions/0163).
  const posters = createPosters({ store, db })
  registerPosterBackfill(tasks, { db, posters, log, owner })
  const worker = createJobWorker({
    db,
    log: log.child({ part: 'worker' }),
    owner,
    providers: core.providers.byName,
    limits: core.limits,
    leaseMs: config.jobs.leaseMs,
    claimIntervalMs: config.jobs.claimIntervalMs,
    localConcurrency: config.generation.local.concurrency,
    falConcurrency: config.jobs.falConcurrency,
    feed: core.feed,
    posters,
    // A takeover means a worker died: its ffmpeg died with it (decision 0214); its folders go now.
    ...(cleanWorkDirs
      ? { onTakeover: () => void removeLeftovers().catch((error: unknown) => log.warn({ err: error }, 'removing dead runs’ temp folders failed')) }
      : {}),
  })
  const mailer = createMailer(config.privacy.smtpUrl, log.child({ part: 'support-mail' }))
  registerBackgroundTasks(tasks, { db, logger: log, owner, privacy: config.privacy, mailer, store, deletion: core.accountDeletion })
  // The developer API's webhooks, another subscriber of the job events (docs/decisions/0405): workers send them.
  const webhooks = createWebhookDispatcher({
    db,
    feed: core.feed,
    tasks,
    sender: createWebhookSender(webhookTargets(config.developerApi.webhooks)),
    links: core.media.links,
    log: log.child({ part: 'webhooks' }),
    owner,
    ...options.webhooks,
  })
  tasks.register({
    name: 'job event retention',
    intervalMs: 10 * 60_000,
    run: () => pruneJobEvents(db, new Date(Date.now() - JOB_EVENT_RETENTION_MS).toISOString()),
  })
  if (cleanWorkDirs) tasks.register({ name: 'dead runs’ temp folders', intervalMs: 10 * 60_000, run: removeLeftovers })
  return {
    owner,
    database: core.database,
    worker,
    tasks,
    async start() {
      if (cleanWorkDirs) await removeLeftovers()
      worker.start()
    },
    async close() {
      await worker.stop()
      mailer.close()
      // Before the core's database goes: a round in flight finishes its writes.
      await webhooks.close()
      await core.close()
    },
  }
}
