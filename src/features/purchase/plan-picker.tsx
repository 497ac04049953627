import { Trans, useLingui } from '@lingui/react/macro'
import { CUSTOM_AMOUNT_MAX, CUSTOM_AMOUNT_MIN, type Tier } from '@contract/constants'
import { formatDollars } from './format-dollars'
import { isNamedTier, quote, TIERS, tierAmount } from './plans'
import { TIER_NAMES } from './tier-names'

interface PlanPickerProps {
  selected: Tier
  onSelect: (tier: Tier) => void
}

/**
 * The credit tiers as one radio group (spec §2 Purchase: "radio-like
 * selection"): real radio inputs, so arrow keys move between plans.
 */
export function PlanPicker({ selected, onSelect }: PlanPickerProps) {
  const { i18n } = useLingui()
  return (
    <fieldset className="plan-picker">
      <legend className="plan-picker__legend">
        <Trans>Choose a plan</Trans>
      </legend>
      {TIERS.map((tier) => {
        const name = i18n._(TIER_NAMES[tier])
        const { credits, videos } = quote(tierAmount(tier))
        const price = formatDollars(i18n, tierAmount(tier))
        const minimum = formatDollars(i18n, CUSTOM_AMOUNT_MIN)
        const maximum = formatDollars(i18n, CUSTOM_AMOUNT_MAX)
        return (
          <label key={tier} className="plan-card" data-selected={tier === selected}>
            <input type="radio" name="plan" value={tier} className="plan-card__radio" checked={tier === selected} onChange={() => onSelect(tier)} />
            <span className="plan-card__name">{name}</span>
            {isNamedTier(tier) ? (
              <>
                <span className="plan-card__price">{price}</span>
                <span className="plan-card__credits">
                  <Trans>{credits} credits</Trans>
                </span>
                <span className="plan-card__videos hint">
                  <Trans>≈ {videos} videos at 1080p</Trans>
                </span>
              </>
            ) : (
              <>
                <span className="plan-card__price plan-card__price--range">
                  {minimum}–{maximum}
                </span>
                <span className="plan-card__videos hint">
                  <Trans>Choose your own amount</Trans>
                </span>
              </>
            )}
          </label>
        )
      })}
    </fieldset>
  )
}
