import { createTransport } from 'nodemailer'
import type { Logger } from 'pino'
import { addressesForLog, addressForLog } from '../logger.ts'

// Where support mail goes (docs/architecture.md: support messages' embedded default
// and production twin): SMTP through nodemailer when SMTP_URL is set, else the
// server's log, so `npm start` shows every new message (docs/decisions/0264).

export interface MailAddress {
  name: string
  address: string
}

/** One email, every header value already a single line (support-mail.ts makes them). */
export interface OutgoingMail {
  from: string
  to: string
  replyTo: MailAddress | null
  subject: string
  text: string
}

export interface Mailer {
  readonly kind: 'smtp' | 'log'
  /** Resolves once the server accepted the mail; throws when it did not (the outbox tries again). */
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/** spec-silent: an SMTP server that does not answer within these is treated as down for this attempt. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const

export function createSmtpMailer(url: string): Mailer {
  const transport = createTransport({ url, ...SMTP_TIMEOUTS })
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo === null ? {} : { replyTo: mail.replyTo }),
        subject: mail.subject,
        text: mail.text,
        // Our own headers only: nothing a user typed becomes a header of its own.
        disableFileAccess: true,
        disableUrlAccess: true,
      })
    },
    close: () => transport.close(),
  }
}

/**
 * Without SMTP: each message is printed to the log, where the person running
 * `npm start` reads it. A log is not a mailbox: the sender's name and the
 * subject are quoted and escaped, and every address is a hash (docs/decisions/0268).
 */
export function createLogMailer(logger: Logger): Mailer {
  return {
    kind: 'log',
    async send(mail) {
      const replyTo = mail.replyTo === null ? null : `${addressesForLog(JSON.stringify(mail.replyTo.name))} <${addressForLog(mail.replyTo.address)}>`
      logger.info(
        { to: mail.to, replyTo, subject: addressesForLog(JSON.stringify(mail.subject)), text: addressesForLog(mail.text) },
        'support message (SMTP_URL is not set, so it is printed here)',
      )
    },
    close: () => {},
  }
}

export function createMailer(smtpUrl: string | null, logger: Logger): Mailer {
  return smtpUrl === null ? createLogMailer(logger) : createSmtpMailer(smtpUrl)
}
