// One line of the bench table. Later issues add measures (gallery offline reload,
// API p99, render time) as more `Measure`s in index.ts.

export type BenchRow = {
  /** What was measured, e.g. "JS before interaction, gzip: /". */
  what: string
  /** The measured value, already formatted with its unit. */
  value: string
  /** The budget from quality.md, formatted the same way. */
  budget: string
  pass: boolean
}

/** What every measure gets: the built app on disk and where it is being served. */
export type BenchContext = {
  distDir: string
  baseURL: string
  /** The Auth Emulator port the build signs in against; measures that sign in start their emulator there. */
  authEmulatorPort: number
}

export type Measure = {
  name: string
  run: (context: BenchContext) => Promise<BenchRow[]>
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
export const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`

/** A row for a measure that could not run: the table still prints, the failure shows. */
export function failedRow(what: string, budget: string, error: unknown): BenchRow {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
  return { what, value: `error: ${reason}`, budget, pass: false }
}
