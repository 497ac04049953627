import { sql } from 'kysely'
import { isoNowDefault } from './helpers.ts'
import type { Migration } from './migration.ts'

// Generation jobs (server/db/schema-generations.ts). One active job per user is
// a partial unique index, so the database itself refuses a second queued or
// running job however requests interleave (docs/architecture.md: money and jobs).
// Partial indexes read the same on SQLite (3.8+) and PostgreSQL.
export const migration0002Generations: Migration = {
  name: '0002_generations',
  async up(db, dialect) {
    const now = isoNowDefault(dialect)

    await db.schema
      .createTable('generations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users._id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_request_id', 'text')
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('cost_hundredths', 'integer', (c) => c.notNull())
      .addColumn('output_url', 'text')
      .addColumn('thumbnail_url', 'text')
      .addColumn('error', 'text')
      .addColumn('progress_current', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('generations_kind', sql`kind in ('ugc', 'lipsync', 'consistent')`)
      .addCheckConstraint('generations_status', sql`status in ('queued', 'running', 'completed', 'failed')`)
      .addCheckConstraint('generations_cost_not_negative', sql`cost_hundredths >= 0`)
      .execute()

    await db.schema
      .createIndex('generations_one_active_per_user')
      .on('generations')
      .column('user_id')
      .unique()
      .where(sql<boolean>`status in ('queued', 'running')`)
      .execute()

    // The gallery lists one user's jobs of one kind, newest first.
    await db.schema.createIndex('generations_gallery').on('generations').columns(['user_id', 'kind', 'created_at']).execute()

    // resumeUnfinished() at boot scans the active jobs.
    await db.schema.createIndex('generations_status').on('generations').column('status').execute()
  },
}
