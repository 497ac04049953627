import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import { Migrator, type Migration as KyselyMigration } from 'kysely/migration'
import { Pool } from 'pg'
import { createPostgresDatabase } from './harness.ts'
import { NodeSqliteDialect } from '../db/node-sqlite-dialect.ts'
import type { Database, SqlDialectName } from '../db/schema.ts'
import { migrations } from '../db/migrations/index.ts'

// For the migration tests: an empty database of either kind (closed by the
// returned closers) and migrating it up to one named migration, so a test can
// lay out an older install's rows before the migration it checks.

export async function emptyDatabase(kind: SqlDialectName, closers: (() => Promise<void>)[]): Promise<Kysely<Database>> {
  if (kind === 'postgres') {
    const created = await createPostgresDatabase()
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: created.url }) }) })
    closers.push(created.drop, () => db.destroy())
    return db
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'actorly-migration-'))
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(path.join(dir, 'old.sqlite')) })
  closers.push(
    () => rm(dir, { recursive: true, force: true }),
    () => db.destroy(),
  )
  return db
}

export async function migrateTo(db: Kysely<Database>, dialect: SqlDialectName, name: string): Promise<void> {
  const all: Record<string, KyselyMigration> = {}
  for (const migration of migrations) all[migration.name] = { up: (kdb) => migration.up(kdb, dialect) }
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => all } }).migrateTo(name)
  if (error !== undefined) throw error
}
