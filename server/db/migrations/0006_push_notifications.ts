import { isoNowDefault } from './helpers.ts'
import type { Migration } from './migration.ts'

// Push notifications when a generation ends (docs/decisions/0280): each
// device's subscription with its user and language, and the outbox of
// messages to send, one row per (job, subscription), written in the
// transaction that ends the job and claimed by whichever instance sends it.
export const migration0006PushNotifications: Migration = {
  name: '0006_push_notifications',
  async up(db, dialect) {
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users._id').onDelete('cascade'))
      // The push service's URL for one browser on one device: the device's identity here.
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(dialect)))
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(dialect)))
      .execute()
    await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute()

    await db.schema
      .createTable('push_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('job_id', 'text', (c) => c.notNull().references('generations.id').onDelete('cascade'))
      .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
      // pending → sent, or dropped (refused for good, expired, tried too often).
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claim_expires_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(dialect)))
      .addColumn('finished_at', 'text')
      .execute()
    // One message per device per job, however often the job's end is recorded.
    await db.schema.createIndex('push_deliveries_job_subscription').on('push_deliveries').columns(['job_id', 'subscription_id']).unique().execute()
    await db.schema.createIndex('push_deliveries_due').on('push_deliveries').columns(['state', 'next_attempt_at']).execute()
  },
}
