import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { enqueueSupportMail } from '../mail/outbox.ts'
import { bugReportMail, contactMail } from '../mail/support-mail.ts'

// Contact messages and bug reports (spec §1: support replies within 48
// hours). Each is stored and queued for the support mailbox in one
// transaction (server/mail/outbox.ts), so none is lost between the two; both
// are deleted after the configured retention (server/privacy/retention.ts).

export interface ContactMessage {
  userId: string | null
  userName: string | null
  email: string | null
  subject: string | null
  message: string
}

export async function saveContactMessage(db: Kysely<Database>, message: ContactMessage, now = new Date()): Promise<string> {
  const id = randomUUID()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('messages')
      .values({
        id,
        user_id: message.userId,
        user_name: message.userName,
        email: message.email,
        type: 'contact',
        subject: message.subject,
        message: message.message,
        created_at: now.toISOString(),
      })
      .execute()
    await enqueueSupportMail(trx, contactMail({ id, ...message }), now)
  })
  return id
}

export interface BugReport {
  userId: string | null
  userEmail: string | null
  message: string
  attachment: string | null
}

export async function saveBugReport(db: Kysely<Database>, report: BugReport, now = new Date()): Promise<string> {
  const id = randomUUID()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bug_reports')
      .values({
        id,
        user_id: report.userId,
        user_email: report.userEmail,
        message: report.message,
        attachment: report.attachment,
        created_at: now.toISOString(),
      })
      .execute()
    await enqueueSupportMail(trx, bugReportMail({ id, ...report }), now)
  })
  return id
}
