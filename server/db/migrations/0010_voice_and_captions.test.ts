import { sql, type Kysely } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { testDatabases } from '../../testing/harness.ts'
import { migrateToLatest } from '../database.ts'
import type { Database } from '../schema.ts'
import { emptyDatabase, migrateTo } from '../../testing/migration-testing.ts'

// An install from before voices: its jobs and the push messages that point at
// them survive the rebuild of the generations table (SQLite), the kind
// 'voice' is admitted, and the one-active-job rule now counts videos and
// voices apart.

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

    await migrateToLatest(db, dialect)

    expect(await db.selectFrom('generations').select(['id', 'kind', 'captions_vtt_url']).execute()).toEqual([
      { id: 'old-1', kind: 'ugc', captions_vtt_url: null },
    ])
    expect(await db.selectFrom('push_deliveries').select('id').execute()).toEqual([{ id: 'del-1' }])

    // One active video and, beside it, one active voice; a second of either is refused; other kinds still are.
    expect(await insertJob(db, job('video-1', 'lipsync', 'queued'))).toBe('inserted')
    expect(await insertJob(db, job('voice-1', 'voice', 'queued'))).toBe('inserted')
    expect(await insertJob(db, job('video-2', 'ugc', 'queued'))).toBe('refused')
    expect(await insertJob(db, job('voice-2', 'voice', 'queued'))).toBe('refused')
    const unknownKind = sql`insert into generations (id, user_id, kind, status, provider, params, prompt, cost_hundredths, updated_at)
      values ('odd-1', 'user-1', 'podcast', 'completed', 'local', '{}', '', 0, ${NOW})`
    await expect(unknownKind.execute(db)).rejects.toThrow(/generations_kind|CHECK constraint/)

    // The push message still belongs to its job: deleting the job deletes it (the foreign key survived).
    await db.deleteFrom('generations').where('id', '=', 'old-1').execute()
    expect(await db.selectFrom('push_deliveries').select('id').execute()).toEqual([])
  })
})
