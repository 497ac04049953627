import type { Kysely } from 'kysely'
import type { SqlDialectName } from '../schema.ts'

/**
 * One versioned migration: `NNNN_name.ts` exports one of these, and
 * ./index.ts lists them in order. Migrations see an untyped database (the
 * schema they create is the one of their time, not today's).
 */
export interface Migration {
  name: string
  up(db: Kysely<unknown>, dialect: SqlDialectName): Promise<void>
}
