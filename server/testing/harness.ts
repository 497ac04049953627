// The server test harness (vitest project `server`; one Auth Emulator for the
// whole run is started by ./global-setup.ts).
//
//   import { createTestServer, createSignedInUser, grantCredits, testDatabases } from './harness.ts'
//
//   Per database in testDatabases (describe.each), in beforeAll/afterAll:
//     const server = await createTestServer({ database })   …   await server.close()
//   then in a test:
//     const alice = await createSignedInUser(server, { credits: 5 })  // emulator account + record + 5 credits
//     const res = await server.request(`/api/users/v1/${alice.email}`, { token: alice.idToken })
//
// - createTestServer({ database?, env?, distDir? }) composes the real app (same as
//   main.ts) over a temp SQLite file, or a fresh PostgreSQL database when
//   `database: 'postgres'` (needs TEST_DATABASE_URL; `.ci/run` sets it).
//   `server.request(path, { method, token, json, body, headers })` calls app.request();
//   `server.listen()` serves it on a free 127.0.0.1 port when a real socket is needed.
//   `worker: true` also runs a worker in the process (jobs are worked only by workers).
// - testDatabases: ['sqlite'] plus 'postgres' when TEST_DATABASE_URL is set.
// - createEmulatorAccount(host, …) / createSignedInUser(server, …): identities;
//   authEmulatorHost() gives the emulator's host:port.
// - grantCredits(db, userId, credits): a real ledger entry (key `test:<uuid>`).
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import type { Kysely } from 'kysely'
import { Client } from 'pg'
import { inject } from 'vitest'
import { loadConfig, type Config } from '../config.ts'
import { composeServer, type ComposedServer } from '../compose/api.ts'
import { composeWorker } from '../compose/worker.ts'
import type { Database } from '../db/schema.ts'
import type { PushOptions } from '../compose/push.ts'
import { applyLedgerEntry } from '../domain/credits.ts'
import { createLogger } from '../logger.ts'
import { saveUserResponseSchema } from '../../contract/users.ts'
import { createEmulatorAccount, uniqueEmail, type EmulatorAccount } from './emulator-accounts.ts'

export { createEmulatorAccount, revokeTokens, disableAccount, signIn, uniqueEmail } from './emulator-accounts.ts'

export type TestDatabaseKind = 'sqlite' | 'postgres'

/** The databases the money tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabases: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export function authEmulatorHost(): string {
  return inject('authEmulatorHost')
}

export interface RequestOptions {
  method?: string
  token?: string
  json?: unknown
  body?: string
  headers?: Record<string, string>
}

export interface TestServer extends ComposedServer {
  db: Kysely<Database>
  /** The temp folder holding this server's data (SQLite file, media). */
  dataDir: string
  /** DATABASE_URL of this server: another instance can share it (createTestServer's sameDatabaseAs). */
  databaseUrl: string
  request(pathAndQuery: string, options?: RequestOptions): Promise<Response>
  /** Serves the app on a free port; returns its origin. Closed by close(). */
  listen(): Promise<string>
}

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `actorly_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = new Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

export async function createTestServer(
  options: {
    database?: TestDatabaseKind
    env?: Record<string, string>
    distDir?: string
    /** A second instance: this server's database (not dropped by this one's close()), its own data folder. */
    sameDatabaseAs?: TestServer
    /** Also run a worker (server/compose/worker.ts) in this process on the same configuration, to work the jobs. */
    worker?: boolean
    /** Push sending's test-only settings for the server and its worker (the fake push service: server/testing/push-helpers.ts). */
    push?: PushOptions
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'actorly-server-test-'))
  const shared = options.sameDatabaseAs?.databaseUrl ?? null
  const postgres = shared === null && options.database === 'postgres' ? await createPostgresDatabase() : null
  const databaseUrl = shared ?? postgres?.url ?? path.join(dataDir, 'actorly.sqlite')
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ACTORLY_DIST: options.distDir ?? path.join(dataDir, 'no-dist'),
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    FIREBASE_PROJECT_ID: 'demo-actorly',
    // LOG_LEVEL=debug npx vitest … shows the server's logs while debugging a test.
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
    ...options.env,
  })
  const push = options.push === undefined ? {} : { push: options.push }
  const composed = await composeServer(config, createLogger(config.logLevel), push)
  // Temp folders are shared with other test files on this machine: their clean-up is tested on its own.
  const worker = options.worker === true ? await composeWorker(config, createLogger(config.logLevel), { cleanWorkDirs: false, ...push }) : null
  await worker?.start()
  const closers: (() => Promise<void>)[] = []
  return {
    ...composed,
    db: composed.database.db,
    dataDir,
    databaseUrl,
    request(pathAndQuery, { method, token, json, body, headers } = {}) {
      const allHeaders: Record<string, string> = { ...headers }
      if (token !== undefined) allHeaders.authorization = `Bearer ${token}`
      if (json !== undefined) allHeaders['content-type'] = 'application/json'
      return Promise.resolve(
        composed.app.request(pathAndQuery, {
          method: method ?? (json !== undefined || body !== undefined ? 'POST' : 'GET'),
          headers: allHeaders,
          body: json !== undefined ? JSON.stringify(json) : body,
        }),
      )
    },
    async listen() {
      return new Promise<string>((resolve) => {
        const server = serve({ fetch: composed.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
          resolve(`http://127.0.0.1:${info.port}`)
        })
        closers.push(() => new Promise<void>((done) => server.close(() => done())))
      })
    },
    async close() {
      composed.endStreams()
      for (const close of closers) await close()
      await worker?.close()
      await composed.close()
      await postgres?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface TestUser extends EmulatorAccount {
  /** The user record's `_id`. */
  id: string
  name: string
}

/** An emulator account with a verified email, its user record (POST /api/users/v1) and optional credits. */
export async function createSignedInUser(server: TestServer, options: { email?: string; name?: string; credits?: number } = {}): Promise<TestUser> {
  const name = options.name ?? 'Test User'
  const account = await createEmulatorAccount(authEmulatorHost(), { email: options.email ?? uniqueEmail(), displayName: name })
  const response = await server.request('/api/users/v1', { token: account.idToken, json: { email: account.email, name } })
  if (response.status !== 200) throw new Error(`saving the user record failed: ${response.status} ${await response.text()}`)
  const { user } = saveUserResponseSchema.parse(await response.json())
  if (!user) throw new Error('saving the user record answered no record')
  if (options.credits !== undefined && options.credits > 0) await grantCredits(server.db, user._id, options.credits)
  return { ...account, id: user._id, name }
}

/** Credits a user through the real ledger (a `test:<uuid>` key). */
export async function grantCredits(db: Kysely<Database>, userId: string, credits: number): Promise<void> {
  await applyLedgerEntry(db, {
    userId,
    amountHundredths: Math.round(credits * 100),
    idempotencyKey: `test:${randomUUID()}`,
    reason: 'test grant',
  })
}
