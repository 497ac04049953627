import { serve } from '@hono/node-server'
import { composeServer } from './compose/api.ts'
import { createLogger } from './logger.ts'
import { configOrExit, guardProcess } from './process-life.ts'

// The API server process: configuration (refused when unsafe), database
// migrations, then HTTP on HOST:PORT. It renders and downloads nothing: worker
// processes (`npm run worker`, server/worker.ts) work the jobs
// (docs/decisions/0210), and they also run the scheduled support mail,
// account deletion and retention rounds. SIGINT/SIGTERM close it cleanly; so
// does an uncaught exception, with exit code 1 (docs/decisions/0227).

const config = configOrExit('actorly')
const logger = createLogger(config.logLevel)
// An error outside any request is logged; an uncaught one stops this instance (docs/decisions/0227).
const guard = guardProcess(logger, 'api')
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

// Stops taking requests, lets running ones end (10 s at most); long-lived connections (polls) do not hold it.
guard.stopWith(
  async () => {
    server.endStreams()
    await new Promise<void>((resolve) => http.close(() => resolve()))
    await server.close()
  },
  { stopping: 'shutting down', failed: 'shutdown failed' },
)
