import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from '../db/schema.ts'
import type { Mailer } from './mailer.ts'
import type { SupportMailContent } from './support-mail.ts'

// The support outbox (docs/decisions/0264). A contact message or bug report
// and its outbox row are written in one transaction; a background round
// (server/background/tasks.ts) delivers what is due. A failed attempt is tried
// again later, waiting twice as long each time up to an hour, and for three
// days before it is marked failed and logged as an error for a person.

export const OUTBOX_RETRY = {
  firstDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 72 * 60 * 60_000,
  /** While one process sends a row, no other takes it (longer than the SMTP timeouts together). */
  leaseMs: 2 * 60_000,
  batch: 20,
} as const

/** How long to wait after the given number of failed attempts (1, 2, …). */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1)
  return Math.min(OUTBOX_RETRY.firstDelayMs * 2 ** Math.min(exponent, 20), OUTBOX_RETRY.maxDelayMs)
}

/** Queues a support email inside the caller's transaction (the message row is written in the same one). */
export async function enqueueSupportMail(trx: Transaction<Database>, content: SupportMailContent, now: Date): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      id: randomUUID(),
      kind: content.kind,
      source_id: content.sourceId,
      reply_to: content.replyTo?.address ?? null,
      reply_to_name: content.replyTo?.name ?? null,
      subject: content.subject,
      body: content.body,
      status: 'pending',
      next_attempt_at: now.toISOString(),
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
    })
    .execute()
}

export interface OutboxDelivery {
  db: Kysely<Database>
  mailer: Mailer
  /** The sender and the support mailbox (configuration). */
  from: string
  to: string
  log: Logger
  now?: () => Date
}

export interface DeliveryRound {
  sent: number
  retrying: number
  failed: number
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500)
}

/** Takes one due row for this process, or nothing when another process has it. */
async function claim(db: Kysely<Database>, id: string, now: Date) {
  return db
    .updateTable('outbox')
    .set((eb) => ({ next_attempt_at: new Date(now.getTime() + OUTBOX_RETRY.leaseMs).toISOString(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .returningAll()
    .executeTakeFirst()
}

/** Sends every due message once; answers what happened. */
export async function deliverDueMail(options: OutboxDelivery): Promise<DeliveryRound> {
  const { db, mailer, log } = options
  const now = options.now?.() ?? new Date()
  const due = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .limit(OUTBOX_RETRY.batch)
    .execute()
  const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 }
  for (const { id } of due) {
    const row = await claim(db, id, now)
    if (row === undefined) continue
    try {
      await mailer.send({
        from: options.from,
        to: options.to,
        replyTo: row.reply_to === null ? null : { name: row.reply_to_name ?? '', address: row.reply_to },
        subject: row.subject,
        text: row.body,
      })
    } catch (error) {
      const givingUp = now.getTime() - Date.parse(row.created_at) >= OUTBOX_RETRY.giveUpAfterMs
      await db
        .updateTable('outbox')
        .set({
          status: givingUp ? 'failed' : 'pending',
          last_error: errorText(error),
          next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(),
        })
        .where('id', '=', row.id)
        .execute()
      if (givingUp) {
        round.failed += 1
        log.error(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: error },
          'support mail could not be delivered for three days; a person must look',
        )
      } else {
        round.retrying += 1
        log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'support mail not delivered; will try again')
      }
      continue
    }
    await db.updateTable('outbox').set({ status: 'sent', sent_at: now.toISOString(), last_error: null }).where('id', '=', row.id).execute()
    round.sent += 1
  }
  return round
}
