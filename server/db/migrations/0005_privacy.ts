import { sql, type Kysely } from 'kysely'
import type { SqlDialectName } from '../schema.ts'
import { isoNowDefault } from './helpers.ts'
import type { Migration } from './migration.ts'

// Account deletion, the support outbox, refunds and disputes, and the rounds
// of scheduled tasks (server/db/schema-privacy.ts). Which stored media are whose is the media
// catalogue of 0003 (media_objects). A checkout session may lose its user (kept
// detached after an account deletion, docs/decisions/0261): SQLite cannot drop
// a NOT NULL, so there the table is rebuilt; PostgreSQL alters it in place.

async function checkoutSessionsWithOptionalUser(db: Kysely<unknown>, dialect: SqlDialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table checkout_sessions alter column user_id drop not null`.execute(db)
    return
  }
  const now = isoNowDefault(dialect)
  await db.schema
    .createTable('checkout_sessions_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users._id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('fulfilled_at', 'text')
    .addCheckConstraint('checkout_sessions_provider', sql`provider in ('stripe', 'local')`)
    .addCheckConstraint('checkout_sessions_status', sql`status in ('open', 'completed', 'canceled')`)
    .execute()
  await sql`insert into checkout_sessions_next (id, user_id, amount_cents, credits, tier, provider, status, created_at, fulfilled_at)
    select id, user_id, amount_cents, credits, tier, provider, status, created_at, fulfilled_at from checkout_sessions`.execute(db)
  await db.schema.dropTable('checkout_sessions').execute()
  await db.schema.alterTable('checkout_sessions_next').renameTo('checkout_sessions').execute()
}

export const migration0005Privacy: Migration = {
  name: '0005_privacy',
  async up(db, dialect) {
    await db.schema.alterTable('users').addColumn('deletion_requested_at', 'text').execute()

    await checkoutSessionsWithOptionalUser(db, dialect)
    await db.schema.alterTable('checkout_sessions').addColumn('payment_intent_id', 'text').execute()
    await db.schema
      .alterTable('checkout_sessions')
      .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('checkout_sessions')
      .addColumn('taken_back_hundredths', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('checkout_sessions')
      .addColumn('unrecovered_hundredths', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('checkout_sessions_payment_intent').on('checkout_sessions').column('payment_intent_id').execute()
    await db.schema.createIndex('checkout_sessions_user_id').on('checkout_sessions').column('user_id').execute()

    await db.schema
      .createTable('payment_disputes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('checkout_session_id', 'text', (c) => c.notNull().references('checkout_sessions.id'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('payment_disputes_status', sql`status in ('open', 'won', 'lost', 'closed')`)
      .execute()
    await db.schema.createIndex('payment_disputes_session').on('payment_disputes').column('checkout_session_id').execute()

    await db.schema
      .createTable('account_deletions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().unique())
      .addColumn('firebase_uid', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('steps_done', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .addCheckConstraint('account_deletions_status', sql`status in ('pending', 'done')`)
      .execute()
    await db.schema.createIndex('account_deletions_due').on('account_deletions').columns(['status', 'next_attempt_at']).execute()

    // Retention finds uploads that no job uses by their age (server/privacy/retention.ts).
    await db.schema.createIndex('media_objects_origin_created').on('media_objects').columns(['origin', 'created_at']).execute()

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('reply_to_name', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addCheckConstraint('outbox_kind', sql`kind in ('contact', 'bug_report')`)
      .addCheckConstraint('outbox_status', sql`status in ('pending', 'sent', 'failed')`)
      .execute()
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute()
    await db.schema.createIndex('outbox_source').on('outbox').column('source_id').execute()

    // Retention reads support messages by age (server/privacy/retention.ts).
    await db.schema.createIndex('messages_created_at').on('messages').column('created_at').execute()
    await db.schema.createIndex('bug_reports_created_at').on('bug_reports').column('created_at').execute()

    // A scheduled task that must run once per interval across every worker (server/jobs/task-rounds.ts).
    await db.schema
      .createTable('task_rounds')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('next_round_at', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('rounds', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
}
