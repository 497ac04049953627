import type { Generated } from 'kysely'

// Push notifications when a generation ends (docs/decisions/0280; owned by server/push/).

export interface PushSubscriptionsTable {
  id: string
  user_id: string
  /** The push service's URL for this device (unique: one row per device and browser). */
  endpoint: string
  /** The device's P-256 public key and auth secret (base64url): the message is encrypted to them. */
  p256dh: string
  auth: string
  /** 'en' or 'de': the language the notification is shown in. */
  language: string
  created_at: Generated<string>
  updated_at: string
}

export type PushDeliveryState = 'pending' | 'sent' | 'dropped'

/** The outbox: one row per (job, subscription), written in the transaction that ends the job. */
export interface PushDeliveriesTable {
  id: string
  job_id: string
  subscription_id: string
  state: Generated<PushDeliveryState>
  attempts: Generated<number>
  /** ISO time before which nobody sends it (a retry's back-off). */
  next_attempt_at: string
  /** The instance sending it and until when its claim holds (ISO time). */
  claimed_by: Generated<string | null>
  claim_expires_at: Generated<string | null>
  created_at: Generated<string>
  finished_at: Generated<string | null>
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable
  push_deliveries: PushDeliveriesTable
}
