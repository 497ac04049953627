import type { Generated } from 'kysely'
import type { DeveloperTables } from './schema-developer.ts'
import type { GenerationTables } from './schema-generations.ts'
import type { PrivacyTables } from './schema-privacy.ts'
import type { PushTables } from './schema-push.ts'
import type { SharedTables } from './schema-shared.ts'

// The server's tables as Kysely sees them. Timestamps are ISO-8601 UTC text on
// both SQLite and PostgreSQL so rows read the same on either. Money is integer
// hundredths of a credit (architecture: money and jobs).

export interface UsersTable {
  /** The user record's `_id` (spec §3): a text UUID. */
  _id: string
  /** Null while a record saved without a token waits for its first signed-in call. */
  firebase_uid: string | null
  email: string
  name: string
  /** Always equals the sum of this user's credit_ledger rows; never below zero. */
  credits_hundredths: Generated<number>
  created_at: Generated<string>
  /** Set when the owner asked to delete the account: every call with its token is refused from then on (docs/decisions/0260). */
  deletion_requested_at: Generated<string | null>
}

/** Append-only: rows are inserted, never updated or deleted. */
export interface CreditLedgerTable {
  id: string
  user_id: string
  /** Positive for purchases and refunds, negative for holds. */
  amount_hundredths: number
  /** `checkout:<session>`, `job:<id>:hold`, `job:<id>:refund`, `reversal:<session>:#<n>`: one entry per key, ever. */
  idempotency_key: string
  reason: string
  created_at: Generated<string>
}

export type CheckoutProvider = 'stripe' | 'local'
export type CheckoutStatus = 'open' | 'completed' | 'canceled'

export interface CheckoutSessionsTable {
  id: string
  /** Null once the buyer deleted the account: the payment record stays, detached from the person (docs/decisions/0261). */
  user_id: string | null
  amount_cents: number
  /** Whole credits bought: floor(amount / 1.75) (spec §9). */
  credits: number
  tier: string
  provider: CheckoutProvider
  status: CheckoutStatus
  created_at: Generated<string>
  fulfilled_at: string | null
  /** The provider's payment (Stripe payment intent), recorded at fulfilment; refunds and disputes name it. */
  payment_intent_id: Generated<string | null>
  /** The most the provider says it refunded of this payment, in cents (its running total). */
  refunded_cents: Generated<number>
  /** Credits (hundredths) taken back so far for refunds and disputes: the ledger's sum under this session's reversal keys, written at each settlement (docs/decisions/0267). */
  taken_back_hundredths: Generated<number>
  /** Credits (hundredths) that should have been taken back but were already spent; taken when credits come back. */
  unrecovered_hundredths: Generated<number>
}

export interface MessagesTable {
  id: string
  user_id: string | null
  user_name: string | null
  email: string | null
  type: string
  subject: string | null
  message: string
  created_at: Generated<string>
}

export interface BugReportsTable {
  id: string
  user_id: string | null
  user_email: string | null
  message: string
  attachment: string | null
  created_at: Generated<string>
}

export interface CoreTables {
  users: UsersTable
  credit_ledger: CreditLedgerTable
  checkout_sessions: CheckoutSessionsTable
  messages: MessagesTable
  bug_reports: BugReportsTable
}

export interface Database extends CoreTables, GenerationTables, SharedTables, PrivacyTables, PushTables, DeveloperTables {}

export type SqlDialectName = 'sqlite' | 'postgres'
