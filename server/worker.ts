import { ConfigError, loadConfig, type Config } from './config.ts'
import { createLogger } from './logger.ts'
import { handleProcessErrors } from './process-errors.ts'
import { composeWorker } from './compose/worker.ts'

// The worker process (`npm run worker`, also started by `npm start`): claims
// generation jobs from the database and works them — the local ffmpeg
// renderer, fal's results copied home — under leases, so any number of
// workers can run beside any number of API processes (docs/decisions/0210).
// It also runs the scheduled support mail, account deletion and retention
// rounds (server/background/tasks.ts), each done once across all workers.
// SIGINT/SIGTERM stop it cleanly: its jobs go back to the others at once; so
// does an uncaught exception, with exit code 1 (docs/decisions/0227).

function configOrExit(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`actorly worker: ${error.message}\n`)
      process.exit(78) // EX_CONFIG
    }
    throw error
  }
}

const config = configOrExit()
const logger = createLogger(config.logLevel)
// An error outside any job is logged; an uncaught one stops this worker (docs/decisions/0227).
// Until the worker runs there is nothing to stop gently.
let stopFor = (code: number): void => process.exit(code)
handleProcessErrors({ log: logger, role: 'worker', stop: (code) => stopFor(code) })
const worker = await composeWorker(config, logger)
await worker.start()
logger.info({ owner: worker.owner, database: worker.database.dialect }, 'worker started')

let stopping = false
/** Hands its jobs back to the other workers, then exits with `code` (10 s at most). */
function shutdown(reason: string, code = 0): void {
  if (stopping) {
    // A failure while stopping: nothing is left worth waiting for.
    if (code !== 0) process.exit(code)
    return
  }
  stopping = true
  logger.info({ reason }, 'worker shutting down')
  worker.close().then(
    () => process.exit(code),
    (error: unknown) => {
      logger.error({ err: error }, 'worker shutdown failed')
      process.exit(1)
    },
  )
  // A hung provider call must not keep the process alive forever.
  setTimeout(() => process.exit(code), 10_000).unref()
}
stopFor = (code) => shutdown('uncaught exception', code)
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
