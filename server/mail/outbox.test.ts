import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../emulators/emulator-process.ts'
import { createSignedInUser, createTestServer, type TestServer } from '../testing/harness.ts'
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.ts'
import { addressForLog } from '../logger.ts'
import { createLogMailer, createSmtpMailer, type Mailer } from './mailer.ts'
import { deliverDueMail, OUTBOX_RETRY, retryDelayMs } from './outbox.ts'

// Contact messages and bug reports sent through the real API reach a mailbox
// over SMTP (an in-process smtp-server), with retries (docs/decisions/0264).

const SUPPORT = 'support@actorly.test'
const silent = pino({ level: 'silent' })

let server: TestServer
let inbox: SmtpInbox | null = null
let mailer: Mailer | null = null

beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())
afterEach(async () => {
  mailer?.close()
  mailer = null
  await inbox?.close()
  inbox = null
  // Each test starts with an empty outbox.
  await server.db.deleteFrom('outbox').execute()
})

function deliver(now: Date) {
  if (mailer === null) throw new Error('no mailer')
  return deliverDueMail({ db: server.db, mailer, from: SUPPORT, to: SUPPORT, log: silent, now: () => now })
}

async function sendContact(body: Record<string, unknown>, token?: string) {
  const res = await server.request('/api/messages/v1/new', { json: { type: 'contact', ...body }, ...(token === undefined ? {} : { token }) })
  expect(res.status).toBe(200)
}

describe('support mail over SMTP', () => {
  it('delivers a visitor’s contact message to the support address with the visitor as Reply-To', async () => {
    inbox = await startSmtpInbox()
    mailer = createSmtpMailer(`smtp://127.0.0.1:${inbox.port}`)
    await sendContact({ userId: null, userName: 'Vera Visitor', email: 'vera@example.test', subject: 'Billing question', message: 'Where is my invoice?' })

    expect(await deliver(new Date())).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(inbox.received).toHaveLength(1)
    const [mail] = inbox.received
    expect(mail?.rcptTo).toEqual([SUPPORT])
    expect(mail?.headers.get('reply-to')).toEqual(['Vera Visitor <vera@example.test>'])
    expect(mail?.headers.get('subject')).toEqual(['Contact: Billing question'])
    expect(mail?.body).toContain('Where is my invoice?')
    // Sent once: a second round finds nothing due.
    expect(await deliver(new Date())).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(inbox.received).toHaveLength(1)
  })

  it('keeps CR/LF in the subject and the name from adding headers or recipients', async () => {
    inbox = await startSmtpInbox()
    mailer = createSmtpMailer(`smtp://127.0.0.1:${inbox.port}`)
    await sendContact({
      userId: null,
      userName: 'Eve\r\nX-Injected: yes',
      email: 'eve@example.test',
      subject: 'Hello\r\nBcc: attacker@evil.test\r\n\r\nfake body',
      message: 'Line one\r\nBcc: not-a-header@evil.test',
    })

    await deliver(new Date())
    const [mail] = inbox.received
    expect(mail?.rcptTo).toEqual([SUPPORT])
    expect(mail?.headers.has('bcc')).toBe(false)
    expect(mail?.headers.has('x-injected')).toBe(false)
    expect(mail?.headers.get('subject')).toEqual(['Contact: Hello Bcc: attacker@evil.test fake body'])
    // One line, quoted as a display name: the colon cannot start a header.
    expect(mail?.headers.get('reply-to')).toEqual(['"Eve X-Injected: yes" <eve@example.test>'])
    // The message itself keeps its lines: it is the body, not a header.
    expect(mail?.body).toContain('Bcc: not-a-header@evil.test')
  })

  it('tries again after a refused connection, later, and then delivers once', async () => {
    const port = await freePort()
    mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`)
    await sendContact({ userId: null, email: 'retry@example.test', message: 'Is anyone there?' })
    const start = new Date()

    expect(await deliver(start)).toEqual({ sent: 0, retrying: 1, failed: 0 })
    const waiting = await server.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(waiting.status).toBe('pending')
    expect(waiting.attempts).toBe(1)
    expect(waiting.last_error).toMatch(/ECONNREFUSED/)
    expect(Date.parse(waiting.next_attempt_at)).toBe(start.getTime() + retryDelayMs(1))

    inbox = await startSmtpInbox(port)
    // Not before its time…
    expect(await deliver(new Date(start.getTime() + retryDelayMs(1) - 1000))).toEqual({ sent: 0, retrying: 0, failed: 0 })
    // …then once.
    expect(await deliver(new Date(start.getTime() + retryDelayMs(1)))).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(inbox.received).toHaveLength(1)
    expect(inbox.received[0]?.body).toContain('Is anyone there?')
    const sent = await server.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null })
  })

  it('waits twice as long after each failure, up to an hour, and gives up after three days', async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(retryDelayMs(50)).toBe(OUTBOX_RETRY.maxDelayMs)

    mailer = createSmtpMailer(`smtp://127.0.0.1:${await freePort()}`)
    await sendContact({ userId: null, email: 'late@example.test', message: 'Still down?' })
    const created = Date.parse((await server.db.selectFrom('outbox').select('created_at').executeTakeFirstOrThrow()).created_at)
    expect(await deliver(new Date(created + OUTBOX_RETRY.giveUpAfterMs))).toEqual({ sent: 0, retrying: 0, failed: 1 })
    expect((await server.db.selectFrom('outbox').select('status').executeTakeFirstOrThrow()).status).toBe('failed')
  })

  it('delivers a signed-in user’s bug report with their account email as Reply-To', async () => {
    inbox = await startSmtpInbox()
    mailer = createSmtpMailer(`smtp://127.0.0.1:${inbox.port}`)
    const user = await createSignedInUser(server)
    const res = await server.request('/api/bug-reports/v1/new', {
      token: user.idToken,
      json: { userId: user.uid, userEmail: 'someone-else@example.test', message: 'The gallery is empty', attachment: 'https://example.test/shot.png' },
    })
    expect(res.status).toBe(200)

    await deliver(new Date())
    const [mail] = inbox.received
    expect(mail?.headers.get('reply-to')).toEqual([user.email])
    expect(mail?.headers.get('subject')).toEqual(['Bug report: The gallery is empty'])
    expect(mail?.body).toContain('https://example.test/shot.png')
  })

  it('prints each message to the log when no SMTP server is configured', async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    mailer = createLogMailer(pino({ level: 'info' }, sink))
    await sendContact({ userId: null, userName: 'Lou', email: 'lou@example.test', subject: 'Hi', message: 'Printed, not mailed' })

    expect(await deliver(new Date())).toEqual({ sent: 1, retrying: 0, failed: 0 })
    const logged = JSON.parse(lines.join('')) as Record<string, unknown>
    expect(logged).toMatchObject({ to: SUPPORT, replyTo: `"Lou" <${addressForLog('lou@example.test')}>`, subject: '"Contact: Hi"' })
    expect(logged.text).toContain('Printed, not mailed')
  })
})
