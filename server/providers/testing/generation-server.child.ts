import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from '../../app.ts'
import { createFirebaseVerifier } from '../../auth/identity.ts'
import { loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/database.ts'
import { createGenerationPart } from '../../domain/generations-wiring.ts'
import { createLogger } from '../../logger.ts'
import { createMediaLinks } from '../../media/links.ts'
import { createDiskMediaStore } from '../../media/store.ts'

// A whole server process for the kill-and-restart test: the real app with
// the generation part over the database named by the environment. It prints
// `listening <port>` once it serves, then resumes unfinished jobs, like
// server/main.ts does.

const config = loadConfig()
const logger = createLogger(config.logLevel)
const database = await openDatabase(config)
const verifier = createFirebaseVerifier(config.firebase)
const mediaStore = await createDiskMediaStore({ dir: path.join(config.dataDir, 'media') })
const mediaLinks = createMediaLinks({ secret: 'generation-server-child-signing-secret-0123', publicOrigin: 'http://127.0.0.1:8712', ttlSeconds: 3600 })
const part = createGenerationPart({
  db: database.db,
  logger,
  mediaStore,
  mediaLinks,
  fetchRemote: async (url) => {
    throw new Error(`no outside URLs in this test (${url})`)
  },
  demoAccountEmail: null,
  config: config.generation,
  // The fake fal server is on loopback (tests only).
  falResultFetchPolicy: { trustedTestAddresses: ['127.0.0.1'] },
})
const app = createApp({ config, database, logger, verifier, stripe: null, extraRoutes: [{ path: '/api/fal/v1', routes: part.routes }] })
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.stdout.write(`listening ${info.port}\n`)
  void part.resumeUnfinished()
})
