import { createHash } from 'node:crypto'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { createLogMailer } from './mailer.ts'
import { bugReportMail, contactMail } from './support-mail.ts'

// What a crafted name or subject can do to the support mail and to the log
// that stands in for the mailbox without SMTP (docs/decisions/0268): nothing.
// Names and subjects are quoted, escaped and one line; the log carries a
// hash of an address, never the address.

const hashOf = (address: string) => createHash('sha256').update(address).digest('hex').slice(0, 12)

const CRAFTED_NAME = 'Support Team" <admin@actorly.app>\nBcc: everyone@example.test'
const CRAFTED_SUBJECT = 'Refund approved\r\nFrom: ceo@actorly.app'

describe('support mail from crafted fields', () => {
  it('quotes and escapes the name and subject in the body, one line each', () => {
    const mail = contactMail({
      id: 'm1',
      userId: null,
      userName: CRAFTED_NAME,
      email: 'ada@example.test',
      subject: CRAFTED_SUBJECT,
      message: 'Line one\nLine two',
    })
    const [title, from, user, subject, blank, ...message] = mail.body.split('\n')
    expect({ title, from, user, subject, blank }).toEqual({
      title: 'Contact message m1',
      from: 'From: "Support Team\\" <admin@actorly.app> Bcc: everyone@example.test" <ada@example.test>',
      user: 'User: signed out',
      subject: 'Subject: "Refund approved From: ceo@actorly.app"',
      blank: '',
    })
    // The message itself is the body's own text, as written.
    expect(message).toEqual(['Line one', 'Line two'])
  })

  it('quotes a bug report’s address as given, one line', () => {
    const mail = bugReportMail({ id: 'b1', userId: null, userEmail: 'x@example.test\nUser: admin', message: 'Broken', attachment: null })
    expect(mail.body.split('\n').slice(0, 3)).toEqual(['Bug report b1', 'From: "x@example.test User: admin"', 'User: signed out'])
  })

  it('prints to the log with the name quoted and the addresses as hashes', async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const mail = contactMail({
      id: 'm2',
      userId: null,
      userName: CRAFTED_NAME,
      email: 'ada@example.test',
      subject: CRAFTED_SUBJECT,
      message: 'Write to ada@example.test',
    })
    await createLogMailer(pino({ level: 'info' }, sink)).send({
      from: 'support@actorly.app',
      to: 'support@actorly.app',
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.body,
    })
    expect(lines).toHaveLength(1)
    const line = lines[0] ?? ''
    for (const address of ['ada@example.test', 'admin@actorly.app', 'everyone@example.test', 'ceo@actorly.app']) expect(line).not.toContain(address)
    const logged = JSON.parse(line) as Record<string, unknown>
    expect(logged.replyTo).toBe(
      `"Support Team\\" <email:${hashOf('admin@actorly.app')}> Bcc: email:${hashOf('everyone@example.test')}" <email:${hashOf('ada@example.test')}>`,
    )
    expect(logged.subject).toBe(`"Contact: Refund approved From: email:${hashOf('ceo@actorly.app')}"`)
    expect(logged.text).toContain(`Write to email:${hashOf('ada@example.test')}`)
    // The sender's line of the body, as the log shows it: still one line, still quoted.
    expect(String(logged.text).split('\n')[1]).toBe(
      `From: "Support Team\\" <email:${hashOf('admin@actorly.app')}> Bcc: email:${hashOf('everyone@example.test')}" <email:${hashOf('ada@example.test')}>`,
    )
  })
})
