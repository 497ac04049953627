import type { I18n } from '@lingui/core'

/** Dollars as the buyer's language writes them: "$20" / "20 $", cents only when there are some. */
export function formatDollars(i18n: I18n, dollars: number): string {
  const digits = Number.isInteger(dollars) ? 0 : 2
  return i18n.number(dollars, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits })
}
