// Prints the bench rows as a plain-text table, with a summary line.
import type { BenchRow } from './bench-row.ts'

const headers = ['Measure', 'Value', 'Budget', 'Result'] as const

export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((row) => [row.what, row.value, row.budget, row.pass ? 'pass' : 'FAIL'])
  const widths = headers.map((header, column) => Math.max(header.length, ...cells.map((cell) => cell[column]?.length ?? 0)))
  const line = (values: readonly string[]) => `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')} |`
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`
  const failed = rows.filter((row) => !row.pass).length
  const summary = failed === 0 ? `All ${rows.length} budgets met.` : `${failed} of ${rows.length} budgets not met.`
  return [line(headers), rule, ...cells.map(line), '', summary].join('\n')
}
