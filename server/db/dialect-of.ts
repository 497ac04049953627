import { PostgresAdapter, type Kysely } from 'kysely'
import type { Database } from './schema.ts'

/** Whether `db` talks to PostgreSQL (row locks, SKIP LOCKED, NOTIFY) rather than SQLite. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
