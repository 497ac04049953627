import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { PrivacyConfig } from '../config.ts'
import type { Database } from '../db/schema.ts'
import type { Mailer } from '../mail/mailer.ts'
import { deliverDueMail } from '../mail/outbox.ts'
import { runDueDeletions, type AccountDeletionDeps } from '../privacy/account-deletion.ts'
import type { MediaDeleter } from '../privacy/account-media.ts'
import { enforceRetention } from '../privacy/retention.ts'

// The server's periodic work, in the process that runs jobs: support mail
// delivery, unfinished account deletions, retention. Each task runs on its own
// timer, never twice at once; a failed round is logged and the next one comes
// as usual. Everything it does is claimed through the database, so several
// processes may run these side by side.

export interface BackgroundTaskDeps {
  db: Kysely<Database>
  logger: Logger
  privacy: PrivacyConfig
  mailer: Mailer
  /** The media store: retention deletes unused uploads from it. */
  store: MediaDeleter
  deletion: AccountDeletionDeps
}

export interface BackgroundTasks {
  /** Stops the timers and waits for rounds under way. */
  stop(): Promise<void>
}

/** How often each task runs: mail soon after it was queued; the rest far less often. */
export const TASK_INTERVALS_MS = {
  supportMail: 5_000,
  accountDeletions: 60_000,
  retention: 60 * 60_000,
} as const

interface PeriodicTask {
  name: string
  everyMs: number
  run(): Promise<unknown>
}

function schedule(task: PeriodicTask, logger: Logger, stopped: () => boolean): { timer(): NodeJS.Timeout | null; running(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null
  let current: Promise<void> = Promise.resolve()
  const tick = (): void => {
    current = task
      .run()
      .then(
        () => {},
        (error: unknown) => logger.error({ err: error, task: task.name }, 'background task failed; it runs again at its next time'),
      )
      .finally(() => {
        if (!stopped()) timer = setTimeout(tick, task.everyMs)
      })
  }
  // The first round right away: what waited while the server was down goes first.
  timer = setTimeout(tick, 0)
  return { timer: () => timer, running: () => current }
}

export function startBackgroundTasks(deps: BackgroundTaskDeps): BackgroundTasks {
  const log = deps.logger.child({ part: 'background' })
  let stopped = false
  const tasks: PeriodicTask[] = [
    {
      name: 'support mail',
      everyMs: TASK_INTERVALS_MS.supportMail,
      run: () => deliverDueMail({ db: deps.db, mailer: deps.mailer, from: deps.privacy.mailFrom, to: deps.privacy.supportEmail, log }),
    },
    { name: 'account deletions', everyMs: TASK_INTERVALS_MS.accountDeletions, run: () => runDueDeletions(deps.deletion) },
    { name: 'retention', everyMs: TASK_INTERVALS_MS.retention, run: () => enforceRetention({ db: deps.db, store: deps.store, log, retention: deps.privacy.retention }) },
  ]
  const scheduled = tasks.map((task) => schedule(task, log, () => stopped))
  return {
    async stop() {
      stopped = true
      for (const task of scheduled) {
        const timer = task.timer()
        if (timer !== null) clearTimeout(timer)
      }
      await Promise.all(scheduled.map((task) => task.running()))
    },
  }
}
