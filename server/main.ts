import { serve } from '@hono/node-server'
import { composeServer } from './compose/api.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { createLogger } from './logger.ts'
import { handleProcessErrors } from './process-errors.ts'

// The API server process: configuration (refused when unsafe), database
// migrations, then HTTP on HOST:PORT. It renders and downloads nothing: worker
// processes (`npm run worker`, server/worker.ts) work the jobs
// (docs/decisions/0210), and they also run the scheduled support mail,
// account deletion and retention rounds. SIGINT/SIGTERM close it cleanly; so
// does an uncaught exception, with exit code 1 (docs/decisions/0227).

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
// An error outside any request is logged; an uncaught one stops this instance (docs/decisions/0227).
// Until the server runs there is nothing to stop gently.
let stopFor = (code: number): void => process.exit(code)
handleProcessErrors({ log: logger, role: 'api', stop: (code) => stopFor(code) })
const server = await composeServer(config, logger)

const http = serve({ fetch: server.app.fetch, hostname: config.host, port: config.port }, (info) => {
  logger.info({ url: `http://${info.address}:${info.port}`, database: server.database.dialect, stripe: config.stripe !== null }, 'listening')
})
// An idle keep-alive socket must outlive the client's and the load balancer's idle
// timeouts (commonly 60 s): closed earlier, a request sent on it at that moment
// meets a reset connection (Node's default is 5 s).
const KEEP_ALIVE_MS = 65_000
if ('keepAliveTimeout' in http) {
  http.keepAliveTimeout = KEEP_ALIVE_MS
  http.headersTimeout = KEEP_ALIVE_MS + 1_000
}

let stopping = false
/** Stops taking requests, lets running ones end (10 s at most), then exits with `code`. */
function shutdown(reason: string, code = 0): void {
  if (stopping) {
    // A failure while stopping: nothing is left worth waiting for.
    if (code !== 0) process.exit(code)
    return
  }
  stopping = true
  logger.info({ reason }, 'shutting down')
  server.endStreams()
  http.close(() => {
    server.close().then(
      () => process.exit(code),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
  // Long-lived connections (polls) must not keep the process alive forever.
  setTimeout(() => process.exit(code), 10_000).unref()
}
stopFor = (code) => shutdown('uncaught exception', code)
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
