import type { Logger } from 'pino'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { handleProcessErrors, type ProcessRole } from './process-errors.ts'

// How an API instance and a worker begin and end (server/main.ts,
// server/worker.ts): the configuration is read once and a bad or unsafe one
// refuses to start (EX_CONFIG); SIGINT and SIGTERM stop the process cleanly,
// and so does an uncaught exception, with exit code 1 (docs/decisions/0227).
// A stop gets 10 s at most: a hung call must not keep the process alive.

const STOP_WITHIN_MS = 10_000

const exitAtOnce = (code: number): void => process.exit(code)

/** The configuration, or the process exits with 78 (EX_CONFIG) saying why. */
export function configOrExit(name: string): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${name}: ${error.message}\n`)
      process.exit(78)
    }
    throw error
  }
}

export interface StopWords {
  /** Logged when stopping begins. */
  stopping: string
  /** Logged when stopping itself failed. */
  failed: string
}

export interface ProcessGuard {
  /** From now on a signal or an uncaught exception runs `stop`, then the process exits. */
  stopWith(stop: () => Promise<void>, words: StopWords): void
}

/** Logs errors outside any request or job; until `stopWith`, an uncaught one exits at once (nothing runs yet to stop gently). */
export function guardProcess(log: Logger, role: ProcessRole): ProcessGuard {
  let stopFor = exitAtOnce
  handleProcessErrors({ log, role, stop: (code) => stopFor(code) })
  return {
    stopWith(stop, words) {
      let stopping = false
      const shutdown = (reason: string, code = 0): void => {
        if (stopping) {
          // A failure while stopping: nothing is left worth waiting for.
          if (code !== 0) process.exit(code)
          return
        }
        stopping = true
        log.info({ reason }, words.stopping)
        stop().then(
          () => process.exit(code),
          (error: unknown) => {
            log.error({ err: error }, words.failed)
            process.exit(1)
          },
        )
        setTimeout(() => process.exit(code), STOP_WITHIN_MS).unref()
      }
      stopFor = (code) => shutdown('uncaught exception', code)
      process.on('SIGINT', () => shutdown('SIGINT'))
      process.on('SIGTERM', () => shutdown('SIGTERM'))
    },
  }
}
