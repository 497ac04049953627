import { ConfigError, loadConfig, type Config } from './config.ts'
import { createLogger } from './logger.ts'
import { composeWorker } from './worker-compose.ts'

// The worker process (`npm run worker`, also started by `npm start`): claims
// generation jobs from the database and works them — the local ffmpeg
// renderer, fal's results copied home — under leases, so any number of
// workers can run beside any number of API processes (docs/decisions/0210).
// It also runs the scheduled support mail, account deletion and retention
// rounds (server/background/tasks.ts), each done once across all workers.
// SIGINT/SIGTERM stop it cleanly: its jobs go back to the others at once.

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
const worker = await composeWorker(config, logger)
await worker.start()
logger.info({ owner: worker.owner, database: worker.database.dialect }, 'worker started')

let stopping = false
function shutdown(signal: string): void {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'worker shutting down')
  worker.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'worker shutdown failed')
      process.exit(1)
    },
  )
  // A hung provider call must not keep the process alive forever.
  setTimeout(() => process.exit(0), 10_000).unref()
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
