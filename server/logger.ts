import { pino, type Logger } from 'pino'

// Structured JSON logs on stdout (one line an event). Tokens, cookies and
// signatures are redacted so a log never holds a credential.
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'actorly-api' },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
  })
}

export type { Logger }
