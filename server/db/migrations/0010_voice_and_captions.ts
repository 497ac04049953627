import { sql, type Kysely } from 'kysely'
import { isoNowDefault } from './helpers.ts'
import type { Migration } from './migration.ts'

// A voice made from a script is a job of kind 'voice' (docs/decisions/0232):
// the kind check admits it, and the one-active-job index splits in two, one
// active video per user and, apart from it, one active voice. A captioned
// video keeps its caption files beside it, and the timed words of a stored
// audio are kept for its captions (docs/decisions/0234).
//
// SQLite cannot change a CHECK constraint in place, and this connection runs
// with foreign keys on inside the migration's transaction, so the table is
// rebuilt under its own name: every table whose foreign keys point at it is
// rebuilt to point at the new one before the old one is dropped, so no
// cascade ever fires. The rebuild copies the tables' own SQL, so columns
// other migrations added come along.

const OLD_KINDS = `kind in ('ugc', 'lipsync', 'consistent')`
const NEW_KINDS = `kind in ('ugc', 'lipsync', 'consistent', 'voice')`
const ACTIVE = `status in ('queued', 'running')`

interface SchemaRow {
  name: string
  sql: string
}

async function schemaSql(db: Kysely<unknown>, type: 'table' | 'index', where: 'name' | 'tbl_name', value: string): Promise<SchemaRow[]> {
  const rows = await sql<SchemaRow>`select name, sql from sqlite_schema where type = ${type} and ${sql.ref(where)} = ${value} and sql is not null`.execute(db)
  return rows.rows
}

/** Tables with a foreign key to `table`. */
async function childTables(db: Kysely<unknown>, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`select distinct m.name as name from sqlite_schema m, pragma_foreign_key_list(m.name) f
    where m.type = 'table' and f."table" = ${table}`.execute(db)
  return rows.rows.map((row) => row.name)
}

/** `create table <name> (...)` with another name (SQLite keeps the statement as written, quoted or not). */
function renamedCreate(createSql: string, table: string, newName: string): string {
  const pattern = new RegExp(`^CREATE TABLE\\s+(?:"${table}"|${table})\\s*\\(`, 'i')
  if (!pattern.test(createSql)) throw new Error(`Unexpected table SQL for ${table}`)
  return createSql.replace(pattern, `CREATE TABLE "${newName}" (`)
}

/** Replaces one table by a copy made from `createSql` (its indexes recreated), keeping every row. */
async function replaceTable(db: Kysely<unknown>, table: string, createSql: string, indexSql: (row: SchemaRow) => string): Promise<void> {
  const indexes = await schemaSql(db, 'index', 'tbl_name', table)
  const fresh = `${table}_0010`
  await sql.raw(renamedCreate(createSql, table, fresh)).execute(db)
  await sql.raw(`insert into "${fresh}" select * from "${table}"`).execute(db)
  // Point every child at the copy first: dropping a parent with children would delete their rows.
  for (const child of await childTables(db, table)) {
    const [childTable] = await schemaSql(db, 'table', 'name', child)
    if (childTable === undefined) continue
    const pointed = childTable.sql.replace(new RegExp(`references\\s+(?:"${table}"|${table})\\s*\\(`, 'gi'), `references "${fresh}" (`)
    await replaceTable(db, child, pointed, (row) => row.sql)
  }
  await sql.raw(`drop table "${table}"`).execute(db)
  // With foreign keys on, the rename also rewrites the children's references to the final name.
  await sql.raw(`alter table "${fresh}" rename to "${table}"`).execute(db)
  for (const index of indexes) await sql.raw(indexSql(index)).execute(db)
}

async function widenKindsOnSqlite(db: Kysely<unknown>): Promise<void> {
  const [generations] = await schemaSql(db, 'table', 'name', 'generations')
  if (generations === undefined || !generations.sql.includes(OLD_KINDS)) throw new Error('The generations table is not as 0002 made it')
  await replaceTable(db, 'generations', generations.sql.replace(OLD_KINDS, NEW_KINDS), (index) =>
    index.name === 'generations_one_active_per_user'
      ? `CREATE UNIQUE INDEX generations_one_active_per_user ON generations (user_id) WHERE ${ACTIVE} AND kind <> 'voice'`
      : index.sql,
  )
}

async function widenKindsOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table generations drop constraint generations_kind, add constraint generations_kind check (${NEW_KINDS})`).execute(db)
  await sql.raw('drop index generations_one_active_per_user').execute(db)
  await sql.raw(`create unique index generations_one_active_per_user on generations (user_id) where ${ACTIVE} and kind <> 'voice'`).execute(db)
}

export const migration0010VoiceAndCaptions: Migration = {
  name: '0010_voice_and_captions',
  async up(db, dialect) {
    if (dialect === 'postgres') await widenKindsOnPostgres(db)
    else await widenKindsOnSqlite(db)
    await sql.raw(`create unique index generations_one_active_voice_per_user on generations (user_id) where ${ACTIVE} and kind = 'voice'`).execute(db)

    await db.schema.alterTable('generations').addColumn('captions_vtt_url', 'text').execute()
    await db.schema.alterTable('generations').addColumn('captions_srt_url', 'text').execute()

    await db.schema
      .createTable('speech_words')
      .addColumn('audio_key', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users._id').onDelete('cascade'))
      .addColumn('audio_seconds', 'real', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      // Null until the words are known (a voice of a model that times none waits for speech to text).
      .addColumn('timing', 'text')
      .addColumn('words', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(dialect)))
      .execute()
    await db.schema.createIndex('speech_words_user').on('speech_words').column('user_id').execute()
  },
}
