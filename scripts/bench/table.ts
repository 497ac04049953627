// Prints the bench rows as a plain-text table, with a summary line.
import type { BenchRow } from './bench-row.ts'

const headers = ['Measure', 'Value', 'Budget', 'Result', 'Load'] as const

export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((row) => [row.what, row.value, row.budget, row.pass ? 'pass' : 'FAIL', row.load])
  const widths = headers.map((header, column) => Math.max(header.length, ...cells.map((cell) => cell[column]?.length ?? 0)))
  const line = (values: readonly string[]) => `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')} |`
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`
  const budgeted = rows.filter((row) => row.budget !== '-')
  const failed = rows.filter((row) => !row.pass).length
  const summary = failed === 0 ? `All ${budgeted.length} budgets met.` : `${failed} of ${rows.length} rows failed or missed their budget.`
  return [line(headers), rule, ...cells.map(line), '', 'Load: the 1-minute load average while the row was measured (2 cores).', summary].join('\n')
}
