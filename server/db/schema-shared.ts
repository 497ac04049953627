import type { Generated } from 'kysely'

// Tables that let several API instances share what one process used to keep to
// itself: anonymous-form rate-limit buckets (docs/decisions/0223) and the
// catalogue of stored media with their owners (docs/decisions/0220, 0221).

export interface FormRateLimitsTable {
  /** The client key: an IPv4 address or an IPv6 /64 (server/http/rate-limit.ts). */
  client_key: string
  /** Tokens left after the last request; fractional while refilling. */
  tokens: number
  /** Epoch milliseconds of the last request. */
  updated_ms: number
  /** Whether the last request was let through (answered by the same statement that spends). */
  allowed: number
}

export type MediaOrigin = 'upload' | 'output'

export interface MediaObjectsTable {
  /** The object key in the media store, `<uuid>.<ext>` (server/media/store.ts). */
  key: string
  /** The user it belongs to; null for a file of an older install that no job names (served to nobody). */
  owner_user_id: string | null
  origin: MediaOrigin
  content_type: string
  /** null for files recorded by the migration from an older install. */
  bytes: number | null
  created_at: Generated<string>
}

export interface SharedTables {
  form_rate_limits: FormRateLimitsTable
  media_objects: MediaObjectsTable
}
