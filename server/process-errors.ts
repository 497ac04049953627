import type { Logger } from 'pino'

// What an API instance or a worker does with an error no request or job
// caught (docs/decisions/0227). Each is logged once, at its level, with what
// is known outside a request: the role, the process, how long it ran, and
// which kind of failure it was. Then:
// - an uncaught exception unwound a stack nobody expected to end there: what
//   it was changing may be half-changed, so the process state is unknown. The
//   process stops as on SIGTERM (no new work, what is running gets a short
//   while to end) and exits with 1, and the platform starts a fresh one.
// - an unhandled rejection ended one piece of asynchronous work that nobody
//   awaited; the stack had already returned to the event loop, so the rest of
//   the process is as it was. It is logged as an error, and the process goes on.

export type ProcessRole = 'api' | 'worker'

/** The part of `process` this needs (tests hand in an EventEmitter). */
export interface ProcessEvents {
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown
}

export interface ProcessErrorOptions {
  log: Logger
  role: ProcessRole
  /** Stops the process and exits with `code` (the role's SIGTERM path). */
  stop(code: number): void
  events?: ProcessEvents
  now?: () => number
}

export function handleProcessErrors(options: ProcessErrorOptions): void {
  const { log, role } = options
  const events = options.events ?? process
  const now = options.now ?? Date.now
  const startedAt = now()
  const context = (kind: string) => ({ role, kind, pid: process.pid, uptimeSeconds: Math.round((now() - startedAt) / 1000) })

  events.on('uncaughtException', (error, origin) => {
    log.fatal(
      { ...context('uncaught-exception'), origin, err: error },
      'uncaught exception: the process state is unknown, so this process stops for a fresh one',
    )
    options.stop(1)
  })
  events.on('unhandledRejection', (reason) => {
    const err = reason instanceof Error ? reason : new Error(`rejected with a non-error: ${String(reason)}`)
    log.error({ ...context('unhandled-rejection'), err }, 'unhandled promise rejection: that work failed; the process goes on')
  })
}
