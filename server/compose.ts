import type { Hono } from 'hono'
import type { Logger } from 'pino'
import { createApp } from './app.ts'
import { createFirebaseVerifier, type IdentityVerifier } from './auth/identity.ts'
import type { Config } from './config.ts'
import { openDatabase, type DatabaseHandle } from './db/database.ts'
import { createStripeGateway } from './domain/stripe-gateway.ts'
import type { AppEnv } from './http/env.ts'

// Wires the server's parts from a Config: database, identity verifier, domain
// services and the HTTP app. main.ts and the test harness both start here, so
// tests run the same composition as production.

export interface ComposedServer {
  config: Config
  app: Hono<AppEnv>
  database: DatabaseHandle
  verifier: IdentityVerifier
  /** Work to run once the server listens (resuming unfinished generations). */
  afterListen(): Promise<void>
  close(): Promise<void>
}

export async function composeServer(config: Config, logger: Logger): Promise<ComposedServer> {
  const database = await openDatabase(config)
  const verifier = createFirebaseVerifier(config.firebase)
  const stripe = config.stripe === null ? null : createStripeGateway(config.stripe)
  const app = createApp({ config, database, logger, verifier, stripe })
  return {
    config,
    app,
    database,
    verifier,
    async afterListen() {},
    async close() {
      await verifier.close()
      await database.destroy()
    },
  }
}
