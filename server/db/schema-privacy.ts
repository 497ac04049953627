import type { Generated } from 'kysely'

// Tables of account deletion, the support outbox and payment disputes
// (migration 0005). Stored media and their owners are the media catalogue
// (server/db/schema-shared.ts). Timestamps are ISO-8601 UTC text like the rest.

export type AccountDeletionStatus = 'pending' | 'done'

/**
 * One account deletion from request to the end (docs/decisions/0260). It
 * outlives the user record on purpose: it drives a deletion that failed
 * halfway to its end, and tells the account's other devices that it is gone.
 */
export interface AccountDeletionsTable {
  id: string
  /** The deleted user record's `_id` (no foreign key: the record goes). */
  user_id: string
  firebase_uid: string
  /** Needed to find anonymous messages sent from the address; emptied when done. */
  email: string | null
  status: AccountDeletionStatus
  /** The steps already finished, comma-separated (server/privacy/account-deletion.ts). */
  steps_done: string
  attempts: number
  last_error: string | null
  /** When the deletion may be tried (again); also a lease while one process works on it. */
  next_attempt_at: string
  requested_at: string
  completed_at: string | null
}

export type OutboxStatus = 'pending' | 'sent' | 'failed'
export type OutboxKind = 'contact' | 'bug_report'

/** A support email waiting to be delivered (docs/decisions/0264). */
export interface OutboxTable {
  id: string
  kind: OutboxKind
  /** messages.id or bug_reports.id: the outbox row goes when its source goes. */
  source_id: string
  /** The sender's address for Reply-To, and their name (may be empty). */
  reply_to: string | null
  reply_to_name: string | null
  subject: string
  body: string
  status: OutboxStatus
  attempts: Generated<number>
  next_attempt_at: string
  last_error: string | null
  created_at: string
  sent_at: string | null
}

export type DisputeStatus = 'open' | 'won' | 'lost' | 'closed'

/** A chargeback at the payment provider against one checkout session (docs/decisions/0262). */
export interface PaymentDisputesTable {
  id: string
  checkout_session_id: string
  amount_cents: number
  status: DisputeStatus
  created_at: string
  updated_at: string
}

/**
 * The last round of a scheduled task that must run once per interval however
 * many workers run it (retention): its next round is due at `next_round_at`.
 */
export interface TaskRoundsTable {
  name: string
  next_round_at: string
  /** The worker that took the last round (its log says what it did). */
  claimed_by: string | null
  rounds: Generated<number>
}

export interface PrivacyTables {
  account_deletions: AccountDeletionsTable
  outbox: OutboxTable
  payment_disputes: PaymentDisputesTable
  task_rounds: TaskRoundsTable
}
