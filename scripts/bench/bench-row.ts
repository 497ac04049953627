// One line of the bench table. A measure is one file in scripts/bench, listed in index.ts.
import { loadavg } from 'node:os'
import type { ApiStack } from './api-stack.ts'

export type BenchRow = {
  /** What was measured, e.g. "JS before interaction: /". */
  what: string
  /** The measured value, already formatted with its unit. */
  value: string
  /** The budget, formatted the same way; '-' for a row that only informs. */
  budget: string
  pass: boolean
  /** The machine's 1-minute load average when the row was measured (loadNow()). */
  load: string
}

/** What every measure gets: the built app and the real server serving it, as `npm start` runs it. */
export type BenchContext = {
  distDir: string
  /** The server's origin, e.g. http://127.0.0.1:41234. */
  baseURL: string
  /** The server with its Auth Emulator, for measures that seed data or sign in. */
  stack: ApiStack
  /** The Auth Emulator port the build signs in against. */
  authEmulatorPort: number
}

export type Measure = {
  name: string
  run: (context: BenchContext) => Promise<BenchRow[]>
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
export const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`

/** The 1-minute load average, e.g. "1.42": a figure taken while other work used the cores is read with it. */
export const loadNow = () => (loadavg()[0] ?? 0).toFixed(2)

/** A row that informs, with no budget. */
export function infoRow(what: string, value: string, load = loadNow()): BenchRow {
  return { what, value, budget: '-', pass: true, load }
}

/** A row for a measure that could not run: the table still prints, the failure shows. */
export function failedRow(what: string, budget: string, error: unknown): BenchRow {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
  return { what, value: `error: ${reason}`, budget, pass: false, load: loadNow() }
}
