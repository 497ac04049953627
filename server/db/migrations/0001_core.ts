import { sql } from 'kysely'
import { isoNowDefault } from './helpers.ts'
import type { Migration } from './migration.ts'

// Users, the credit ledger, checkout sessions, contact messages and bug reports.
export const migration0001Core: Migration = {
  name: '0001_core',
  async up(db, dialect) {
    const now = isoNowDefault(dialect)

    await db.schema
      .createTable('users')
      .addColumn('_id', 'text', (c) => c.primaryKey())
      .addColumn('firebase_uid', 'text', (c) => c.unique())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('credits_hundredths', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      // The last line of defence: a balance can never go below zero (docs/quality.md).
      .addCheckConstraint('users_credits_not_negative', sql`credits_hundredths >= 0`)
      .execute()

    await db.schema
      .createTable('credit_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users._id'))
      .addColumn('amount_hundredths', 'integer', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute()
    await db.schema.createIndex('credit_ledger_user_id').on('credit_ledger').column('user_id').execute()

    await db.schema
      .createTable('checkout_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users._id'))
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

    await db.schema
      .createTable('messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.references('users._id'))
      .addColumn('user_name', 'text')
      .addColumn('email', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute()

    await db.schema
      .createTable('bug_reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.references('users._id'))
      .addColumn('user_email', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('attachment', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute()
  },
}
