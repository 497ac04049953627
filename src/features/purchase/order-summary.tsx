import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { DOLLARS_PER_CREDIT, type Tier, UGC_COST, UGC_COST_ENHANCED } from '@contract/constants'
import { formatDollars } from './format-dollars'
import type { PlanQuote } from './plans'
import { TIER_NAMES } from './tier-names'

interface OrderSummaryProps {
  tier: Tier
  /** null while the custom amount is not a valid number. */
  order: PlanQuote | null
  /** The checkout button, the sign-in prompt or a spinner, by session. */
  children: ReactNode
}

/** spec §2 Purchase: the order summary beside the tiers. */
export function OrderSummary({ tier, order, children }: OrderSummaryProps) {
  const { i18n } = useLingui()
  const none = '—'
  const videos = order?.videos ?? 0
  // spec §9 prices, written in the reader's number format.
  const rate = formatDollars(i18n, DOLLARS_PER_CREDIT)
  const cost = i18n.number(UGC_COST, { minimumFractionDigits: 2 })
  const enhancedCost = i18n.number(UGC_COST_ENHANCED)
  return (
    <section className="card order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">
        <Trans>Order summary</Trans>
      </h2>
      <dl className="order-summary__lines">
        <dt>
          <Trans>Plan</Trans>
        </dt>
        <dd>{i18n._(TIER_NAMES[tier])}</dd>
        <dt>
          <Trans>Price</Trans>
        </dt>
        <dd>{order ? formatDollars(i18n, order.dollars) : none}</dd>
        <dt>
          <Trans>Credits</Trans>
        </dt>
        <dd>{order ? i18n.number(order.credits) : none}</dd>
        <dt>
          <Trans>At 1080p</Trans>
        </dt>
        <dd>{order ? <Trans>≈ {videos} videos</Trans> : none}</dd>
      </dl>
      <p className="hint order-summary__rate">
        <Trans>
          1 credit for every {rate}. A 1080p video uses {cost} credits, or {enhancedCost} with the enhanced option.
        </Trans>
      </p>
      {children}
    </section>
  )
}
