import { Trans, useLingui } from '@lingui/react/macro'
import { CUSTOM_AMOUNT_MAX, CUSTOM_AMOUNT_MIN } from '@contract/constants'
import type { CustomAmountError } from './custom-amount'
import { formatDollars } from './format-dollars'

interface CustomAmountFieldProps {
  value: string
  error: CustomAmountError | null
  onChange: (text: string) => void
}

/** The custom tier's amount in dollars (spec §5: $20 to $200, messages in its wording). */
export function CustomAmountField({ value, error, onChange }: CustomAmountFieldProps) {
  const { t, i18n } = useLingui()
  const minimum = formatDollars(i18n, CUSTOM_AMOUNT_MIN)
  const maximum = formatDollars(i18n, CUSTOM_AMOUNT_MAX)
  const message =
    error === 'not_a_number'
      ? t`Please enter a valid number`
      : error === 'below_minimum'
        ? t`Minimum amount is ${minimum}`
        : error === 'above_maximum'
          ? t`Maximum amount is ${maximum}`
          : null
  return (
    <div className="field custom-amount">
      <label htmlFor="custom-amount">
        <Trans>Custom amount (USD)</Trans>
      </label>
      <p id="custom-amount-hint" className="hint custom-amount__hint">
        <Trans>
          Any amount from {minimum} to {maximum}.
        </Trans>
      </p>
      <div className="custom-amount__control">
        <span className="custom-amount__currency" aria-hidden="true">
          $
        </span>
        {/* Text, not type=number: the spec's "not a number" message needs to see what was typed. */}
        <input
          id="custom-amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'custom-amount-hint custom-amount-error' : 'custom-amount-hint'}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {message && (
        <p id="custom-amount-error" className="field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  )
}
