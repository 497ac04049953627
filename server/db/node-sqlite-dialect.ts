import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import {
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely'

// Kysely's SqliteDialect expects better-sqlite3's interface (a native addon we
// must not compile at install). Node 24 ships SQLite as `node:sqlite`; this file
// adapts it (docs/decisions/0060).
//
// Concurrency: Kysely serialises every query of a single-connection dialect
// through one mutex, so transactions in this process never interleave. Write
// transactions start with BEGIN IMMEDIATE, which takes SQLite's write lock up
// front: a second process waits (busy_timeout) instead of both reading a
// balance and then both debiting it.

const BUSY_TIMEOUT_MS = 5000

function toSqlValue(value: unknown): SQLInputValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Uint8Array) return new Uint8Array(value)
  throw new TypeError(`node:sqlite cannot bind a value of type ${typeof value}`)
}

// Kysely asks prepare() for every query; compiling the same SQL again each time
// cost the hot reads (status poll) a good share of their time (decision 0092).
// A node:sqlite statement resets itself on every all()/run(), so one prepared
// statement per SQL text is reused. Queries differ only in their parameters,
// so the set is small; the bound guards against generated SQL (IN lists).
const MAX_CACHED_STATEMENTS = 256

function adapt(database: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>()
  return {
    close: () => {
      statements.clear()
      database.close()
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql)
      if (cached !== undefined) return cached
      const statement = database.prepare(sql)
      const adapted: SqliteStatement = {
        // A statement that yields columns is a reader (SELECT, or RETURNING).
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters.map(toSqlValue)),
        run: (parameters) => statement.run(...parameters.map(toSqlValue)),
        // Streams (rare) get their own statement, so an unfinished one never shares a cursor.
        iterate: (parameters) => database.prepare(sql).iterate(...parameters.map(toSqlValue)),
      }
      statements.set(sql, adapted)
      // Map keeps insertion order: forget the oldest once over the bound.
      if (statements.size > MAX_CACHED_STATEMENTS) statements.delete(statements.keys().next().value ?? '')
      return adapted
    },
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

function openFile(file: string): SqliteDatabase {
  const database = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true })
  database.exec('PRAGMA journal_mode = WAL')
  database.exec('PRAGMA synchronous = NORMAL')
  // Deleted rows are overwritten with zeros, not left in free pages (docs/decisions/0268).
  database.exec('PRAGMA secure_delete = ON')
  return adapt(database)
}

// SQLite runs DDL inside transactions; Kysely's SQLite adapter says it cannot, so its
// migrator would run each migration bare, and two processes booting on a fresh file
// (the API server and a worker) would both create the tables. Said as it is, every
// migration runs in one BEGIN IMMEDIATE transaction: the second process waits, then
// finds the migrations done.
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #file: string

  constructor(file: string) {
    super({ database: async () => openFile(file) })
    this.#file = file
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter()
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: async () => openFile(this.#file) })
  }
}
