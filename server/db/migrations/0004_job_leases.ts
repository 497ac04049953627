import { isoNowDefault } from './helpers.ts'
import type { Migration } from './migration.ts'

// Jobs worked by any number of worker processes (docs/decisions/0210): a
// job's lease (who works it, until when), how often it was claimed, the
// result fal's webhook delivered, and the job events every instance's event
// stream reads (docs/decisions/0212).
export const migration0004JobLeases: Migration = {
  name: '0004_job_leases',
  async up(db, dialect) {
    await db.schema.alterTable('generations').addColumn('lease_owner', 'text').execute()
    await db.schema.alterTable('generations').addColumn('lease_expires_at', 'text').execute()
    await db.schema
      .alterTable('generations')
      .addColumn('claims', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('generations').addColumn('provider_result_url', 'text').execute()

    // Append-only: one row per change of a job the user may see. The id orders them (Last-Event-ID).
    await db.schema
      .createTable('job_events')
      .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(dialect)))
      .execute()
    // A stream resumes one user's events after its Last-Event-ID.
    await db.schema.createIndex('job_events_user').on('job_events').columns(['user_id', 'id']).execute()
    // Retention deletes by age.
    await db.schema.createIndex('job_events_created').on('job_events').column('created_at').execute()
  },
}
