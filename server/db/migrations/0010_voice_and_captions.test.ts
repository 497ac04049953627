import { sql, type Kysely } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { testDatabases } from '../../testing/harness.ts'
import type { Database } from '../schema.ts'
import { emptyDatabase, migrateTo } from '../../testing/migration-testing.ts'

// An install from before voices: its jobs and the push messages that point at
// them survive the rebuild of the generations table (SQLite), the kind
// 'voice' is admitted, and the one-active-job rule now counts videos and
// voices apart. Everything else of the schema is as it was: the rebuild keeps
// every index and CHECK of the table and of the tables pointing at it.

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).toReversed()) await close()
})

const NOW = '2026-11-01T00:00:00.000Z'
const PARAMS = JSON.stringify({ input: { kind: 'ugc' }, settings: {}, demo: false })

function job(id: string, kind: 'ugc' | 'lipsync' | 'voice', status: 'queued' | 'completed') {
  return {
    id,
    user_id: 'user-1',
    kind,
    status,
    provider: 'local',
    params: PARAMS,
    prompt: '',
    cost_hundredths: 0,
    progress_current: 0,
    progress_total: 0,
    created_at: NOW,
    updated_at: NOW,
  }
}

interface SchemaObject {
  type: string
  name: string
  sql: string
}

/** What the database says its schema is: SQLite's own statements, PostgreSQL's index and constraint definitions. */
async function schemaOf(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<Map<string, string>> {
  const rows =
    dialect === 'sqlite'
      ? await sql<SchemaObject>`select type, name, sql from sqlite_schema where sql is not null`.execute(db)
      : await sql<SchemaObject>`select 'index' as type, indexname as name, indexdef as sql from pg_indexes where schemaname = current_schema()
          union all select 'constraint' as type, conname as name, pg_get_constraintdef(oid) as sql from pg_constraint
          where connamespace = current_schema()::regnamespace`.execute(db)
  return new Map(rows.rows.map((row) => [`${row.type} ${row.name}`, row.sql]))
}

async function insertJob(db: Kysely<Database>, row: ReturnType<typeof job>): Promise<'inserted' | 'refused'> {
  try {
    await db.insertInto('generations').values(row).execute()
    return 'inserted'
  } catch {
    return 'refused'
  }
}

describe.each(testDatabases)('migration 0010 on %s', (dialect) => {
  it('keeps jobs and their push messages, admits voices and counts them apart from videos', async () => {
    const db = await emptyDatabase(dialect, closers)
    await migrateTo(db, dialect, '0006_push_notifications')
    await db.insertInto('users').values({ _id: 'user-1', firebase_uid: 'uid-1', email: 'a@example.com', name: 'A', created_at: NOW }).execute()
    await db
      .insertInto('generations')
      .values(job('old-1', 'ugc', 'completed'))
      .execute()
    await db
      .insertInto('push_subscriptions')
      .values({ id: 'sub-1', user_id: 'user-1', endpoint: 'https://push.example/1', p256dh: 'k', auth: 'a', language: 'en', created_at: NOW, updated_at: NOW })
      .execute()
    await db.insertInto('push_deliveries').values({ id: 'del-1', job_id: 'old-1', subscription_id: 'sub-1', next_attempt_at: NOW }).execute()

    const before = await schemaOf(db, dialect)
    // To 0010 itself: later migrations change the same table for their own reasons.
    await migrateTo(db, dialect, '0010_voice_and_captions')
    const after = await schemaOf(db, dialect)

    // Nothing of the old schema is lost or changed but what 0010 means to change.
    const changed = new Set(['table generations', 'index generations_one_active_per_user', 'constraint generations_kind'])
    const kept = [...before].filter(([name]) => !changed.has(name))
    expect(kept.map(([name]) => [name, after.get(name)])).toEqual(kept)
    expect(after.get('index generations_gallery')).toBeDefined()
    expect(after.get('index generations_status')).toBeDefined()
    // SQLite: the rebuilt table is the old one with the kind widened and the caption columns added, every CHECK kept.
    const rebuilt = (after.get('table generations') ?? '')
      .replace(', "captions_vtt_url" text, "captions_srt_url" text', '')
      .replace("'consistent', 'voice')", "'consistent')")
    expect(rebuilt).toBe(before.get('table generations') ?? '')

    expect(await db.selectFrom('generations').select(['id', 'kind', 'captions_vtt_url']).execute()).toEqual([
      { id: 'old-1', kind: 'ugc', captions_vtt_url: null },
    ])
    expect(await db.selectFrom('push_deliveries').select('id').execute()).toEqual([{ id: 'del-1' }])

    // One active video and, beside it, one active voice; a second of either is refused; other kinds still are.
    expect(await insertJob(db, job('video-1', 'lipsync', 'queued'))).toBe('inserted')
    expect(await insertJob(db, job('voice-1', 'voice', 'queued'))).toBe('inserted')
    expect(await insertJob(db, job('video-2', 'ugc', 'queued'))).toBe('refused')
    expect(await insertJob(db, job('voice-2', 'voice', 'queued'))).toBe('refused')
    const odd = (id: string, kind: string, status: string, cost: number) =>
      sql`insert into generations (id, user_id, kind, status, provider, params, prompt, cost_hundredths, updated_at)
        values (${id}, 'user-1', ${kind}, ${status}, 'local', '{}', '', ${cost}, ${NOW})`.execute(db)
    await expect(odd('odd-1', 'podcast', 'completed', 0)).rejects.toThrow(/generations_kind|CHECK constraint/)
    // The status and cost checks still hold.
    await expect(odd('odd-2', 'ugc', 'lost', 0)).rejects.toThrow(/generations_status|CHECK constraint/)
    await expect(odd('odd-3', 'ugc', 'completed', -1)).rejects.toThrow(/generations_cost_not_negative|CHECK constraint/)
    expect(await odd('fine-1', 'ugc', 'completed', 0)).toBeDefined()

    // The push message still belongs to its job: deleting the job deletes it (the foreign key survived).
    await db.deleteFrom('generations').where('id', '=', 'old-1').execute()
    expect(await db.selectFrom('push_deliveries').select('id').execute()).toEqual([])
  })
})
