import { emailSchema } from '../../contract/users.ts'
import type { OutboxKind } from '../db/schema-privacy.ts'
import type { MailAddress } from './mailer.ts'

// What the support mailbox receives for a contact message or a bug report
// (spec §3 payloads). Every value that ends up in a header is made one line
// here, with no control characters, so no field can add a header of its own
// (docs/decisions/0264); nodemailer then encodes what is left. In the body,
// every value a person typed above the message (name, address, subject) is
// one line in double quotes, so none can pose as another line (0268).

export interface SupportMailContent {
  kind: OutboxKind
  sourceId: string
  replyTo: MailAddress | null
  subject: string
  body: string
}

/** Longest subject kept; mail clients cut far earlier. */
const SUBJECT_MAX = 150
const NAME_MAX = 100
const ADDRESS_MAX = 320

/** One line: CR, LF and every other control character become a space; runs of space collapse. */
export function singleLine(text: string, max: number): string {
  const line = text
    // oxlint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** A value a person typed, for a line of the body: one line, in double quotes, `"` and `\` escaped. */
function quoted(text: string, max: number): string {
  return JSON.stringify(singleLine(text, max))
}

/** The sender as Reply-To, only when the address is a valid email. */
function replyToOf(email: string | null, name: string | null): MailAddress | null {
  const parsed = emailSchema.safeParse(email ?? '')
  if (!parsed.success) return null
  return { name: singleLine(name ?? '', NAME_MAX), address: parsed.data }
}

export interface ContactMailSource {
  id: string
  userId: string | null
  userName: string | null
  email: string | null
  subject: string | null
  message: string
}

export function contactMail(source: ContactMailSource): SupportMailContent {
  const topic = source.subject === null ? '(no subject)' : source.subject
  return {
    kind: 'contact',
    sourceId: source.id,
    replyTo: replyToOf(source.email, source.userName),
    subject: singleLine(`Contact: ${topic}`, SUBJECT_MAX),
    body: [
      `Contact message ${source.id}`,
      `From: ${source.userName === null ? '(no name)' : quoted(source.userName, NAME_MAX)} <${source.email ?? 'no email'}>`,
      `User: ${source.userId ?? 'signed out'}`,
      `Subject: ${source.subject === null ? '(none)' : quoted(source.subject, SUBJECT_MAX)}`,
      '',
      source.message,
    ].join('\n'),
  }
}

export interface BugReportMailSource {
  id: string
  userId: string | null
  userEmail: string | null
  message: string
  attachment: string | null
}

export function bugReportMail(source: BugReportMailSource): SupportMailContent {
  return {
    kind: 'bug_report',
    sourceId: source.id,
    replyTo: replyToOf(source.userEmail, null),
    subject: singleLine(`Bug report: ${source.message}`, SUBJECT_MAX),
    body: [
      `Bug report ${source.id}`,
      `From: ${source.userEmail === null ? 'no email' : quoted(source.userEmail, ADDRESS_MAX)}`,
      `User: ${source.userId ?? 'signed out'}`,
      `Screenshot or video: ${source.attachment ?? '(none)'}`,
      '',
      source.message,
    ].join('\n'),
  }
}
