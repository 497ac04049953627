import type { Logger } from 'pino'
import { createFirebaseIdentityAdmin } from './auth/identity-admin.ts'
import { registerBackgroundTasks } from './background/tasks.ts'
import { remoteFetcherInto } from './compose.ts'
import type { Config } from './config.ts'
import { openDatabase, type DatabaseHandle } from './db/database.ts'
import { cancelActiveJobs } from './domain/generations-jobs.ts'
import { createWorkerPart } from './generation-compose.ts'
import { pruneJobEvents } from './domain/job-events.ts'
import { createEventFeed } from './jobs/event-feed.ts'
import type { JobWorker } from './jobs/job-worker.ts'
import { createPeriodicTasks, type PeriodicTasks } from './jobs/periodic-tasks.ts'
import { newWorkerId } from './jobs/worker-id.ts'
import { createMailer } from './mail/mailer.ts'
import type { RemoteFetcherPolicy } from './media/fetch-remote.ts'
import { createMediaPart } from './media-compose.ts'
import type { JobLimits } from './providers/job-limits.ts'
import { createPushPart, type PushOptions } from './push-compose.ts'
import { chooseFfmpegBinary } from './render/ffmpeg-binary.ts'
import { removeDeadRunWorkDirs } from './render/work-dirs.ts'
import { createWebhookDispatcher, type WebhookDispatcherOptions } from './webhooks/dispatcher.ts'
import { webhookTargets } from './webhooks/endpoint-policy.ts'
import { createWebhookSender } from './webhooks/sender.ts'

// Wires a worker process from a Config (docs/decisions/0210): the database,
// the media store, the providers and the job worker, plus the periodic tasks
// of the process that runs jobs: the deadline sweep, job event retention, the
// removal of temp folders that dead runs left (docs/decisions/0214), support
// mail, unfinished account deletions and retention (server/background/tasks.ts),
// and the sending of push messages when jobs end (docs/decisions/0280).
// server/worker.ts and the tests start here; a cluster is any number of API
// processes and any number of these on one database.

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

export interface WorkerOptions {
  /** Tests shorten the limits; default JOB_LIMITS. */
  limits?: JobLimits
  /** Tests only: fal results from the local fake's loopback address. */
  falResultFetchPolicy?: RemoteFetcherPolicy
  /** Remove dead runs' temp folders at start and now and then (default true; tests sharing a machine turn it off). */
  cleanWorkDirs?: boolean
  /** Tests and the bench: push sending's test-only settings (server/push-compose.ts). */
  push?: PushOptions
  /** Tests: shorter webhook back-offs and rounds (server/webhooks/dispatcher.ts). */
  webhooks?: Pick<WebhookDispatcherOptions, 'retryDelaysSeconds' | 'dueIntervalMs' | 'catchUpIntervalMs'>
}

export async function composeWorker(config: Config, logger: Logger, options: WorkerOptions = {}): Promise<ComposedWorker> {
  chooseFfmpegBinary(config.generation.ffmpegPath)
  const owner = newWorkerId()
  const log = logger.child({ role: 'worker', owner })
  const database = await openDatabase(config, {
    onConnectionLost: (error) => log.warn({ err: error }, 'database connection lost; the pool reconnects on the next query'),
  })
  // The worker saves results and reads inputs through the same store and link signer as the API.
  const media = await createMediaPart(config, database.db)
  const mediaStore = media.store
  const tasks = createPeriodicTasks(log)
  const feed = createEventFeed({ db: database.db, database: config.database, log, pollMs: config.jobs.eventsPollMs })
  const cleanWorkDirs = options.cleanWorkDirs ?? true
  const removeLeftovers = async (): Promise<void> => {
    // Renders use the system temp folder; fal downloads land in the store's, to be moved in.
    const removed = [...(await removeDeadRunWorkDirs()), ...(await removeDeadRunWorkDirs(mediaStore.tempDir))]
    if (removed.length > 0) log.info({ removed }, 'removed temp folders of dead runs')
  }
  const part = createWorkerPart({
    db: database.db,
    logger: log,
    mediaStore,
    mediaLinks: media.links,
    fetchRemote: remoteFetcherInto(mediaStore.tempDir),
    feed,
    tasks,
    jobs: config.jobs,
    falWebhook: config.falWebhook,
    owner,
    config: config.generation,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.falResultFetchPolicy === undefined ? {} : { falResultFetchPolicy: options.falResultFetchPolicy }),
    // A takeover means a worker died: its ffmpeg died with it (decision 0214); its folders go now.
    ...(cleanWorkDirs
      ? { onTakeover: () => void removeLeftovers().catch((error: unknown) => log.warn({ err: error }, 'removing dead runs’ temp folders failed')) }
      : {}),
  })
  const identityAdmin = createFirebaseIdentityAdmin(config.firebase)
  const mailer = createMailer(config.privacy.smtpUrl, log.child({ part: 'support-mail' }))
  registerBackgroundTasks(tasks, {
    db: database.db,
    logger: log,
    owner,
    privacy: config.privacy,
    mailer,
    store: mediaStore,
    deletion: {
      db: database.db,
      log: log.child({ part: 'account-deletion' }),
      identity: identityAdmin,
      store: mediaStore,
      cancelActiveJobs: (userId, error) => cancelActiveJobs(database.db, userId, error),
    },
  })
  // Jobs end here most often: the worker sends their push messages (docs/decisions/0280).
  const push = await createPushPart({ config, db: database.db, feed, tasks, log }, options.push)
  // And their webhooks, read from the job events (docs/decisions/0405).
  const webhooks = createWebhookDispatcher({
    db: database.db,
    feed,
    tasks,
    sender: createWebhookSender(webhookTargets(config.developerApi.webhooks)),
    links: media.links,
    log: log.child({ part: 'webhooks' }),
    owner,
    ...options.webhooks,
  })
  tasks.register({
    name: 'job event retention',
    intervalMs: 10 * 60_000,
    run: () => pruneJobEvents(database.db, new Date(Date.now() - JOB_EVENT_RETENTION_MS).toISOString()),
  })
  if (cleanWorkDirs) tasks.register({ name: 'dead runs’ temp folders', intervalMs: 10 * 60_000, run: removeLeftovers })
  return {
    owner,
    database,
    worker: part.worker,
    tasks,
    async start() {
      if (cleanWorkDirs) await removeLeftovers()
      part.worker.start()
    },
    async close() {
      await part.close()
      await tasks.stop()
      mailer.close()
      await identityAdmin.close()
      await push?.close()
      await webhooks.close()
      await feed.close()
      await database.destroy()
    },
  }
}
