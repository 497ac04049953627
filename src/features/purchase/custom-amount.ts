import { CUSTOM_AMOUNT_MAX, CUSTOM_AMOUNT_MIN } from '@contract/constants'

// spec §5: the custom purchase amount, $20 to $200. The server checks the same
// rules (contract/payments.ts) and also wants whole cents.

export type CustomAmountError = 'not_a_number' | 'below_minimum' | 'above_maximum'

export type CustomAmountCheck = { ok: true; dollars: number } | { ok: false; error: CustomAmountError }

// Digits with at most two decimals ("20", "20.5", "20.50"), maybe negative (a number,
// just below the minimum); a comma is read as the decimal point for German keyboards.
// Anything else is not a number to us.
const AMOUNT = /^-?\d+(?:\.\d{1,2})?$/

export function checkCustomAmount(text: string): CustomAmountCheck {
  const normalized = text.trim().replace(',', '.')
  if (!AMOUNT.test(normalized)) return { ok: false, error: 'not_a_number' }
  const dollars = Number(normalized)
  if (!Number.isFinite(dollars)) return { ok: false, error: 'not_a_number' }
  if (dollars < CUSTOM_AMOUNT_MIN) return { ok: false, error: 'below_minimum' }
  if (dollars > CUSTOM_AMOUNT_MAX) return { ok: false, error: 'above_maximum' }
  return { ok: true, dollars }
}
