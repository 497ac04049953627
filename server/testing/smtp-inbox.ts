import { SMTPServer } from 'smtp-server'

// An in-process SMTP server for tests (smtp-server): it accepts every message
// on 127.0.0.1 and keeps what arrived — the envelope and the raw message — so
// a test reads the mail as the support mailbox would get it.

export interface ReceivedMail {
  mailFrom: string | null
  rcptTo: string[]
  raw: string
  /** Header name (lower case) to every value it has, unfolded. */
  headers: Map<string, string[]>
  body: string
}

export interface SmtpInbox {
  port: number
  received: ReceivedMail[]
  close(): Promise<void>
}

/** Splits the header block, joins folded lines and groups the values by name. */
export function parseMail(raw: string): { headers: Map<string, string[]>; body: string } {
  const end = raw.indexOf('\r\n\r\n')
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end + 4)
  const headers = new Map<string, string[]>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()])
  }
  return { headers, body }
}

export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in a test.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const envelope = session.envelope
        received.push({
          mailFrom: envelope.mailFrom === false ? null : envelope.mailFrom.address,
          rcptTo: envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...parseMail(raw),
        })
        callback()
      })
    },
  })
  const listening = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address()
      resolve(typeof address === 'object' && address !== null ? address.port : port)
    })
  })
  return { port: listening, received, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
