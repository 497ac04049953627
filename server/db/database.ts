import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import { Migrator, type MigrationProvider, type Migration as KyselyMigration } from 'kysely/migration'
import { Pool } from 'pg'
import { migrations } from './migrations/index.ts'
import { NodeSqliteDialect } from './node-sqlite-dialect.ts'
import type { Database, SqlDialectName } from './schema.ts'

/** Which database to open: a SQLite file, or PostgreSQL by URL (server/config.ts reads DATABASE_URL). */
export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: SqlDialectName
  destroy(): Promise<void>
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}

function migrationProvider(dialect: SqlDialectName): MigrationProvider {
  return {
    async getMigrations() {
      const all: Record<string, KyselyMigration> = {}
      for (const migration of migrations) all[migration.name] = { up: (db) => migration.up(db, dialect) }
      return all
    },
  }
}

/** Brings the schema up to date; Kysely's migrator holds a lock, so concurrent boots are safe. */
export async function migrateToLatest(db: Kysely<Database>, dialect: SqlDialectName): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) })
  const { error, results } = await migrator.migrateToLatest()
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new MigrationError(`Database migration ${failed} failed: ${String(error)}`, { cause: error })
  }
}

export interface OpenDatabaseOptions {
  /** Told when PostgreSQL ends an idle pooled connection (restart, failover, admin command). */
  onConnectionLost?: (error: Error) => void
}

function createKysely(config: DatabaseConfig, options: OpenDatabaseOptions): Kysely<Database> {
  if (config.kind === 'postgres') {
    const pool = new Pool({ connectionString: config.url, max: 10 })
    // An idle client whose connection the server ends emits 'error' on the pool;
    // unhandled, that would crash the process. The pool has already dropped the
    // client and the next query opens a fresh connection.
    pool.on('error', (error) => options.onConnectionLost?.(error))
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  mkdirSync(path.dirname(config.file), { recursive: true })
  return new Kysely<Database>({ dialect: new NodeSqliteDialect(config.file) })
}

// node:sqlite waits for a lock synchronously: a second connection of this process
// would block the thread that must finish the first one's migration transaction.
// Other processes wait for the write lock (node-sqlite-dialect.ts); this one's
// openings of the same file take turns.
const migrating = new Map<string, Promise<unknown>>()

async function oneAtATime<T>(file: string, work: () => Promise<T>): Promise<T> {
  const before = migrating.get(file) ?? Promise.resolve()
  const mine = before.catch(() => undefined).then(work)
  migrating.set(file, mine)
  try {
    return await mine
  } finally {
    if (migrating.get(file) === mine) migrating.delete(file)
  }
}

/** Opens SQLite (file) or PostgreSQL (URL) and runs every pending migration. */
export async function openDatabase(config: { database: DatabaseConfig }, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const dialect: SqlDialectName = config.database.kind
  const db = createKysely(config.database, options)
  try {
    if (config.database.kind === 'sqlite') await oneAtATime(path.resolve(config.database.file), () => migrateToLatest(db, dialect))
    else await migrateToLatest(db, dialect)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return { db, dialect, destroy: () => db.destroy() }
}
