import type { Logger } from 'pino'
import { createFirebaseIdentityAdmin, type IdentityAdmin } from '../identity/identity-admin.ts'
import type { Config } from '../config.ts'
import { openDatabase, type DatabaseHandle } from '../db/database.ts'
import { cancelActiveJobs } from '../domain/generations-jobs.ts'
import { createEventFeed, type EventFeed } from '../jobs/event-feed.ts'
import { sweepExpiredJobs } from '../jobs/job-sweeper.ts'
import { createPeriodicTasks, type PeriodicTasks } from '../jobs/periodic-tasks.ts'
import type { RemoteFetcherPolicy } from '../media/fetch-remote.ts'
import type { AccountDeletionDeps } from '../privacy/account-deletion.ts'
import { createProviders, type Providers } from '../providers/index.ts'
import { JOB_LIMITS, type JobLimits } from '../providers/job-limits.ts'
import { outputStoreFrom, recordOutputIn } from '../providers/media-output.ts'
import type { OutputStore, RemoteFetcher } from '../providers/provider.ts'
import { chooseFfmpegBinary } from '../render/ffmpeg-binary.ts'
import { createMediaPart, type MediaPart } from './media.ts'
import { createPushPart, type PushOptions, type PushPart } from './push.ts'
import { remoteFetcherInto } from './remote-inputs.ts'

// The one core of every process (docs/decisions/0314): what an API instance,
// a worker and the tests all build from a Config, the same way — the
// database, the media store and its link signer, the periodic tasks, the job
// event feed, the providers, the identity service's admin side, account
// deletion's parts and push. Each kind of process adds its own on top:
// server/compose/api.ts the HTTP app, server/compose/worker.ts the job worker
// and the scheduled work. A cluster is any number of each on one database.

export interface CoreOptions {
  /** Tests shorten the deadlines and retry limits; default JOB_LIMITS. */
  limits?: JobLimits
  /** Tests only: fal results from the local fake's loopback address. Never from configuration. */
  falResultFetchPolicy?: RemoteFetcherPolicy
  /** Tests only: how input URLs are read (default: the SSRF-safe fetcher into the store's temp folder). */
  fetchRemote?: RemoteFetcher
  /** Tests and the bench: push sending's test-only settings (./push.ts). */
  push?: PushOptions
}

export interface Core {
  config: Config
  log: Logger
  database: DatabaseHandle
  media: MediaPart
  /** The process's periodic work; every part registers its own. */
  tasks: PeriodicTasks
  /** Job events from every instance (server/jobs/event-feed.ts). */
  feed: EventFeed
  providers: Providers
  /** Where providers save results (the media store, recorded in the catalogue). */
  outputStore: OutputStore
  fetchRemote: RemoteFetcher
  limits: JobLimits
  /** The identity service's admin side (deleting identities, asking whether one exists). */
  identityAdmin: IdentityAdmin
  /** Account deletion's parts (a request runs it; a worker's round finishes what failed, server/background/tasks.ts). */
  accountDeletion: AccountDeletionDeps
  /** null while push is off; every process sends the outbox, since a job may end in any of them. */
  push: PushPart | null
  close(): Promise<void>
}

export async function composeCore(config: Config, log: Logger, options: CoreOptions = {}): Promise<Core> {
  chooseFfmpegBinary(config.generation.ffmpegPath)
  const database = await openDatabase(config, {
    onConnectionLost: (error) => log.warn({ err: error }, 'database connection lost; the pool reconnects on the next query'),
  })
  const { db } = database
  const media = await createMediaPart(config)
  const tasks = createPeriodicTasks(log)
  const feed = createEventFeed({ db, database: config.database, log, pollMs: config.jobs.eventsPollMs })
  const limits = options.limits ?? JOB_LIMITS
  const fetchRemote = options.fetchRemote ?? remoteFetcherInto(media.store.tempDir)
  const outputStore = outputStoreFrom(media.store, { links: media.links, ...recordOutputIn(db) })
  const providers = createProviders(config.generation, {
    store: outputStore,
    fetchRemote,
    limits,
    falWebhookUrl: config.falWebhook.url,
    ...(options.falResultFetchPolicy === undefined ? {} : { falResultFetchPolicy: options.falResultFetchPolicy }),
  })
  // Any live process fails and refunds what nobody can end any more (docs/decisions/0075, 0210).
  const sweepLog = log.child({ part: 'job-sweep' })
  tasks.register({ name: 'job deadline sweep', intervalMs: config.jobs.sweepIntervalMs, run: () => sweepExpiredJobs(db, sweepLog, limits) })
  const identityAdmin = createFirebaseIdentityAdmin(config.firebase)
  const accountDeletion: AccountDeletionDeps = {
    db,
    log: log.child({ part: 'account-deletion' }),
    identity: identityAdmin,
    store: media.store,
    cancelActiveJobs: (userId, error) => cancelActiveJobs(db, userId, error),
  }
  // A job may end in any process (a worker, fal's webhook, the sweep): each sends push messages.
  const push = await createPushPart({ config, db, feed, tasks, log }, options.push)
  return {
    config,
    log,
    database,
    media,
    tasks,
    feed,
    providers,
    outputStore,
    fetchRemote,
    limits,
    identityAdmin,
    accountDeletion,
    push,
    async close() {
      await tasks.stop()
      await push?.close()
      await feed.close()
      await Promise.all(Object.values(providers.byName).map((provider) => provider.close()))
      await identityAdmin.close()
      await database.destroy()
    },
  }
}
