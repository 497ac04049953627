import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema.ts'

/**
 * Runs `fn` in a write transaction. On SQLite it begins IMMEDIATE (the
 * dialect takes the write lock before the first read, node-sqlite-dialect.ts),
 * so two concurrent starts cannot both pass a balance check; on PostgreSQL
 * conditional UPDATEs and unique indexes do that work. Every part that writes
 * several rows together (the ledger, jobs, the push outbox) goes through here.
 */
export function withWriteTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn)
}
