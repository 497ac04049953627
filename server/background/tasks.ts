import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { PrivacyConfig } from '../config.ts'
import type { Database } from '../db/schema.ts'
import type { PeriodicTasks } from '../jobs/periodic-tasks.ts'
import { claimRound } from '../jobs/task-rounds.ts'
import type { Mailer } from '../mail/mailer.ts'
import { deliverDueMail } from '../mail/outbox.ts'
import { runDueDeletions, type AccountDeletionDeps } from '../privacy/account-deletion.ts'
import type { MediaDeleter } from '../privacy/account-media.ts'
import { enforceRetention } from '../privacy/retention.ts'

// The scheduled work of the process that runs jobs (the worker,
// server/compose/worker.ts): support mail delivery, unfinished account
// deletions and retention, on the worker's periodic tasks, so shutdown stops
// them with the rest. Any number of workers run them side by side: mail and
// deletions claim their rows one by one (a lease on each row), and a
// retention round is claimed for the whole cluster (./task-rounds.ts).

export interface BackgroundTaskDeps {
  db: Kysely<Database>
  logger: Logger
  /** This worker's id, named as the owner of the rounds it takes. */
  owner: string
  privacy: PrivacyConfig
  mailer: Mailer
  /** The media store: retention deletes unused uploads from it. */
  store: MediaDeleter
  deletion: AccountDeletionDeps
}

/** How often each task runs: mail soon after it was queued; the rest far less often. */
export const TASK_INTERVALS_MS = {
  supportMail: 5_000,
  accountDeletions: 60_000,
  retention: 60 * 60_000,
} as const

/** Registers the tasks; each runs at once (what waited while no worker ran goes first), then at its interval. */
export function registerBackgroundTasks(tasks: PeriodicTasks, deps: BackgroundTaskDeps): void {
  const log = deps.logger.child({ part: 'background' })
  tasks.register({
    name: 'support mail',
    intervalMs: TASK_INTERVALS_MS.supportMail,
    runAtStart: true,
    run: () => deliverDueMail({ db: deps.db, mailer: deps.mailer, from: deps.privacy.mailFrom, to: deps.privacy.supportEmail, log }),
  })
  tasks.register({ name: 'account deletions', intervalMs: TASK_INTERVALS_MS.accountDeletions, runAtStart: true, run: () => runDueDeletions(deps.deletion) })
  tasks.register({
    name: 'retention',
    intervalMs: TASK_INTERVALS_MS.retention,
    runAtStart: true,
    async run() {
      if (!(await claimRound(deps.db, { name: 'retention', owner: deps.owner, intervalMs: TASK_INTERVALS_MS.retention }))) return
      await enforceRetention({ db: deps.db, store: deps.store, log, retention: deps.privacy.retention })
    },
  })
}
