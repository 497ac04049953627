import { isoNowDefault } from './helpers.ts'
import type { Migration } from './migration.ts'

// The developer API (docs/decisions/0400–0408; server/db/schema-developer.ts):
// personal API keys (only a hash of each), the creates remembered by their
// Idempotency-Key, webhook endpoints, their deliveries (an outbox filled from
// the job events) with every attempt, and how far the job events have been
// read for webhooks. Per-key rate limits share form_rate_limits (0003).
export const migration0013DeveloperApi: Migration = {
  name: '0013_developer_api',
  async up(db, dialect) {
    const now = isoNowDefault(dialect)
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users._id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      // SHA-256 of the whole key, hex: a key is found by it and never stored itself.
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute()
    await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute()

    await db.schema
      .createTable('api_idempotency_keys')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users._id').onDelete('cascade'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      // What the first request asked (method, path, body): the same key with another request is refused.
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      // Chosen before the create runs, so a retry can find the job however far the first one got.
      .addColumn('generation_id', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('api_idempotency_keys_pk', ['user_id', 'idempotency_key'])
      .execute()
    await db.schema.createIndex('api_idempotency_keys_created').on('api_idempotency_keys').column('created_at').execute()

    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users._id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      // The signing key (whsec_…): needed in the clear to sign, so it is shown to its owner once.
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .execute()
    await db.schema.createIndex('webhook_endpoints_user').on('webhook_endpoints').column('user_id').execute()

    await db.schema
      .createTable('webhook_deliveries')
      // The webhook-id header (msg_…): the same on every attempt.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('job_id', 'text')
      // The body as sent, made once, so every attempt sends the same bytes.
      .addColumn('payload', 'text', (c) => c.notNull())
      // pending → delivered, or failed after the last retry.
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claim_expires_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addColumn('finished_at', 'text')
      .execute()
    // One delivery per endpoint for a job's end, however often its event is read.
    await db.schema.createIndex('webhook_deliveries_once').on('webhook_deliveries').columns(['endpoint_id', 'job_id', 'event_type']).unique().execute()
    await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'next_attempt_at']).execute()

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
      .addColumn('attempted_at', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('error', 'text')
      .execute()
    await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').column('delivery_id').execute()

    await db.schema
      .createTable('webhook_feed_cursor')
      .addColumn('name', 'text', (c) => c.primaryKey())
      // Job events written from here on (less an overlap) have not all been read for webhooks yet.
      .addColumn('read_to', 'text', (c) => c.notNull())
      .execute()
  },
}
