import type { Generated } from 'kysely'

// The developer API's tables (migration 0011; owned by server/api-keys/,
// server/public-api/ and server/webhooks/). Timestamps are ISO-8601 UTC text.

export interface ApiKeysTable {
  id: string
  user_id: string
  name: string
  /** The key's first characters, shown to recognise it. */
  prefix: string
  /** SHA-256 of the whole key (hex); the key itself is never stored. */
  secret_hash: string
  /** Space-separated scopes (contract/public-api/paths.ts API_SCOPES). */
  scopes: string
  created_at: Generated<string>
  last_used_at: Generated<string | null>
  /** Set when revoked: the key is refused from then on, on every instance. */
  revoked_at: Generated<string | null>
}

export type IdempotencyState = 'pending' | 'done'

/** A create remembered by its Idempotency-Key (docs/decisions/0403). */
export interface ApiIdempotencyKeysTable {
  user_id: string
  idempotency_key: string
  fingerprint: string
  /** The job id the create uses (chosen before it runs). */
  generation_id: string
  state: Generated<IdempotencyState>
  /** When the request now running it took it (a newer one may take over a stale one). */
  claimed_at: string
  created_at: Generated<string>
}

export interface WebhookEndpointsTable {
  id: string
  user_id: string
  url: string
  /** whsec_ followed by the base64 key (Standard Webhooks). */
  secret: string
  created_at: Generated<string>
}

export type WebhookDeliveryRowState = 'pending' | 'delivered' | 'failed'

/** The webhook outbox: one row per endpoint and event (docs/decisions/0405). */
export interface WebhookDeliveriesTable {
  /** msg_…: the webhook-id header. */
  id: string
  endpoint_id: string
  event_type: string
  /** The generation whose end this is; null for a ping. */
  job_id: string | null
  /** The JSON body, the same on every attempt. */
  payload: string
  state: Generated<WebhookDeliveryRowState>
  attempts: Generated<number>
  next_attempt_at: string
  claimed_by: Generated<string | null>
  claim_expires_at: Generated<string | null>
  created_at: Generated<string>
  finished_at: Generated<string | null>
}

export interface WebhookAttemptsTable {
  id: string
  delivery_id: string
  attempted_at: string
  status: number | null
  error: string | null
}

export interface WebhookFeedCursorTable {
  name: string
  read_to: string
}

export interface DeveloperTables {
  api_keys: ApiKeysTable
  api_idempotency_keys: ApiIdempotencyKeysTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
  webhook_feed_cursor: WebhookFeedCursorTable
}
