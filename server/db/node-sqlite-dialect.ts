import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { SqliteDialect, SqliteDriver, CompiledQuery, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteStatement } from 'kysely'

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

function adapt(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql)
      return {
        // A statement that yields columns is a reader (SELECT, or RETURNING).
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters.map(toSqlValue)),
        run: (parameters) => statement.run(...parameters.map(toSqlValue)),
        iterate: (parameters) => statement.iterate(...parameters.map(toSqlValue)),
      }
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
  return adapt(database)
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #file: string

  constructor(file: string) {
    super({ database: async () => openFile(file) })
    this.#file = file
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: async () => openFile(this.#file) })
  }
}
