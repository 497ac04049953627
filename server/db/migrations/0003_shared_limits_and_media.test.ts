import { afterEach, describe, expect, it } from 'vitest'
import { testDatabases } from '../../testing/harness.ts'
import { migrateToLatest } from '../database.ts'
import type { Kysely } from 'kysely'
import type { Database, SqlDialectName } from '../schema.ts'
import { emptyDatabase, migrateTo } from '../../testing/migration-testing.ts'

// An install from before private media: job rows name media by absolute
// public URL. Migrating rewrites them to references and records every file a
// job names as that job's user's; outside URLs stay as they were.

const OUTPUT = '3f0c2b1e-9a7d-4c55-8e21-0b9d7c6e5a41.mp4'
const VIDEO = '7d2e4f60-1b3c-4a8d-9e7f-2c5b6a4d3e12.mp4'
const AUDIO = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d.wav'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).toReversed()) await close()
})

function databaseOf(kind: SqlDialectName): Promise<Kysely<Database>> {
  return emptyDatabase(kind, closers)
}

describe.each(testDatabases)('migration 0003 on %s', (dialect) => {
  it('rewrites an older install’s media URLs to references owned by the job’s user', async () => {
    const db = await databaseOf(dialect)
    await migrateTo(db, dialect, '0002_generations')
    await db
      .insertInto('users')
      .values({ _id: 'user-1', firebase_uid: 'uid-1', email: 'old@example.com', name: 'Old', created_at: '2026-01-01T00:00:00.000Z' })
      .execute()
    const params = {
      input: {
        kind: 'lipsync',
        videoUrl: `https://app.example/media/${VIDEO}`,
        audioUrl: `http://127.0.0.1:8787/media/${AUDIO}`,
        audioSeconds: 3,
        model: 'lipsync-1.8.0',
      },
      settings: { seed: 0, pro_mode: false, aspect_ratio: '16:9', resolution: '720p' },
      demo: false,
    }
    const row = {
      user_id: 'user-1',
      kind: 'lipsync' as const,
      provider: 'local',
      prompt: '',
      cost_hundredths: 235,
      progress_current: 1,
      progress_total: 1,
      updated_at: '2026-01-01T00:00:00.000Z',
    }
    await db
      .insertInto('generations')
      .values([
        {
          ...row,
          id: 'job-1',
          status: 'completed',
          params: JSON.stringify(params),
          output_url: `https://app.example/media/${OUTPUT}`,
          created_at: '2026-01-01T00:00:00.000Z',
        },
        {
          ...row,
          id: 'job-2',
          status: 'failed',
          params: JSON.stringify({
            ...params,
            input: { ...params.input, videoUrl: 'https://cdn.example/v.mp4', audioUrl: 'https://cdn.example/media/not-ours.wav' },
          }),
          output_url: null,
          created_at: '2026-01-02T00:00:00.000Z',
        },
      ])
      .execute()

    await migrateToLatest(db, dialect)

    const jobs = await db.selectFrom('generations').select(['id', 'output_url', 'params']).orderBy('id').execute()
    expect(jobs[0]?.output_url).toBe(`/media/${OUTPUT}`)
    expect(JSON.parse(jobs[0]?.params ?? '{}').input).toMatchObject({ videoUrl: `/media/${VIDEO}`, audioUrl: `/media/${AUDIO}`, audioSeconds: 3 })
    expect(jobs[1]?.output_url).toBeNull()
    expect(JSON.parse(jobs[1]?.params ?? '{}').input).toMatchObject({
      videoUrl: 'https://cdn.example/v.mp4',
      audioUrl: 'https://cdn.example/media/not-ours.wav',
    })
    const owned = await db.selectFrom('media_objects').select(['key', 'owner_user_id', 'origin', 'content_type']).orderBy('key').execute()
    expect(owned).toEqual(
      [
        { key: OUTPUT, owner_user_id: 'user-1', origin: 'output', content_type: 'video/mp4' },
        { key: VIDEO, owner_user_id: 'user-1', origin: 'upload', content_type: 'video/mp4' },
        { key: AUDIO, owner_user_id: 'user-1', origin: 'upload', content_type: 'audio/wav' },
      ].sort((x, y) => x.key.localeCompare(y.key)),
    )
  })
})
