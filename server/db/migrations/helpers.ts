import { sql, type RawBuilder } from 'kysely'
import type { SqlDialectName } from '../schema.ts'

/** Column default: the current time as ISO-8601 UTC text, the same on both databases. */
export function isoNowDefault(dialect: SqlDialectName): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
}
