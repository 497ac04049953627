import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

// Contact messages and bug reports are stored for the support team (spec §1:
// support replies within 48 hours). Nothing else reads them yet.

export interface ContactMessage {
  userId: string | null
  userName: string | null
  email: string | null
  subject: string | null
  message: string
}

export async function saveContactMessage(db: Kysely<Database>, message: ContactMessage): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('messages')
    .values({
      id,
      user_id: message.userId,
      user_name: message.userName,
      email: message.email,
      type: 'contact',
      subject: message.subject,
      message: message.message,
      created_at: new Date().toISOString(),
    })
    .execute()
  return id
}

export interface BugReport {
  userId: string | null
  userEmail: string | null
  message: string
  attachment: string | null
}

export async function saveBugReport(db: Kysely<Database>, report: BugReport): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('bug_reports')
    .values({
      id,
      user_id: report.userId,
      user_email: report.userEmail,
      message: report.message,
      attachment: report.attachment,
      created_at: new Date().toISOString(),
    })
    .execute()
  return id
}
