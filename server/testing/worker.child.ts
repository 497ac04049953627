import { loadConfig } from '../config.ts'
import { createLogger } from '../logger.ts'
import { composeWorker } from '../compose/worker.ts'

// A worker process for the multi-process tests: server/worker.ts's
// composition from the environment, plus what only tests may set — fal
// results fetched from the local fake on loopback. Prints `worker <owner>`
// once it claims jobs; SIGTERM stops it cleanly.

const config = loadConfig()
const worker = await composeWorker(config, createLogger(config.logLevel), { falResultFetchPolicy: { trustedTestAddresses: ['127.0.0.1'] } })
await worker.start()
process.stdout.write(`worker ${worker.owner}\n`)
process.on('SIGTERM', () => {
  void worker.close().finally(() => process.exit(0))
})
