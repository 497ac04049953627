import { serve } from '@hono/node-server'
import { startBackgroundTasks, type BackgroundTasks } from './background/tasks.ts'
import { composeServer } from './compose.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { createLogger } from './logger.ts'
import { GenerationConfigError } from './providers/config.ts'

// The server process: configuration (refused when unsafe), database
// migrations, then HTTP on HOST:PORT; unfinished generations resume and the
// background tasks (support mail, account deletions, retention) start once it
// listens. SIGINT/SIGTERM close it cleanly.

function configOrExit(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`actorly: ${error.message}\n`)
      process.exit(78) // EX_CONFIG
    }
    throw error
  }
}

const config = configOrExit()
const logger = createLogger(config.logLevel)
const server = await composeServer(config, logger).catch((error: unknown) => {
  if (error instanceof GenerationConfigError) {
    process.stderr.write(`actorly: ${error.message}\n`)
    process.exit(78)
  }
  throw error
})

let background: BackgroundTasks | null = null
const http = serve({ fetch: server.app.fetch, hostname: config.host, port: config.port }, (info) => {
  logger.info({ url: `http://${info.address}:${info.port}`, database: server.database.dialect, stripe: config.stripe !== null }, 'listening')
  server.afterListen().catch((error: unknown) => logger.error({ err: error }, 'resuming unfinished work failed'))
  background = startBackgroundTasks(server.background)
})

let stopping = false
function shutdown(signal: string): void {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  http.close(() => {
    Promise.resolve(background?.stop())
      .then(() => server.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed')
          process.exit(1)
        },
      )
  })
  // Long-lived connections (polls) must not keep the process alive forever.
  setTimeout(() => process.exit(0), 10_000).unref()
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
