import { composeWorker } from './compose/worker.ts'
import { createLogger } from './logger.ts'
import { configOrExit, guardProcess } from './process-life.ts'

// The worker process (`npm run worker`, also started by `npm start`): claims
// generation jobs from the database and works them — the local ffmpeg
// renderer, fal's results copied home — under leases, so any number of
// workers can run beside any number of API processes (docs/decisions/0210).
// It also runs the scheduled support mail, account deletion and retention
// rounds (server/background/tasks.ts), each done once across all workers.
// SIGINT/SIGTERM stop it cleanly: its jobs go back to the others at once; so
// does an uncaught exception, with exit code 1 (docs/decisions/0227).

const config = configOrExit('actorly worker')
const logger = createLogger(config.logLevel)
// An error outside any job is logged; an uncaught one stops this worker (docs/decisions/0227).
const guard = guardProcess(logger, 'worker')
const worker = await composeWorker(config, logger)
await worker.start()
logger.info({ owner: worker.owner, database: worker.database.dialect }, 'worker started')

// Hands its jobs back to the other workers, then exits (10 s at most: a hung provider call must not keep it alive).
guard.stopWith(() => worker.close(), { stopping: 'worker shutting down', failed: 'worker shutdown failed' })
