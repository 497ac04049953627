import { createHash } from 'node:crypto'
import { pino, type Logger } from 'pino'

// Structured JSON logs on stdout (one line an event). Tokens, cookies and
// signatures are redacted so a log never holds a credential, and an email
// address is logged as a short hash of itself, never as the address
// (docs/decisions/0268): logs name a user by id.
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'actorly-api' },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
  })
}

/** An address as a log carries it: `email:` and the first 12 hex digits of its SHA-256 (lower case, trimmed). */
export function addressForLog(address: string): string {
  return `email:${createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 12)}`
}

const ADDRESS = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g

/** Text for a log line with every email address in it replaced by addressForLog. */
export function addressesForLog(text: string): string {
  return text.replace(ADDRESS, (address) => addressForLog(address))
}

export type { Logger }
