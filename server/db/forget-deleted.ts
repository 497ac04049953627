import { sql, type Kysely } from 'kysely'
import { isPostgres } from './dialect-of.ts'
import type { Database } from './schema.ts'

// After an account's rows are deleted (docs/decisions/0268). SQLite zeroes
// deleted rows in the database file (`secure_delete`, set when the file is
// opened), but the write-ahead log still holds the pages as they were until
// it is overwritten: a checkpoint that truncates it removes them now.
// PostgreSQL keeps dead rows until VACUUM reuses their space; that, its WAL
// and backups are the operator's retention (docs/operations/privacy.md).

/** Empties SQLite's write-ahead log into the database file; nothing on PostgreSQL. */
export async function forgetDeletedRows(db: Kysely<Database>): Promise<void> {
  if (isPostgres(db)) return
  // Best effort: a reader in another process may keep part of the log until its next checkpoint.
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db)
}
