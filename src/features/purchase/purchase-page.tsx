import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { type Tier } from '@contract/constants'
import type { ApiErrorCode } from '@contract/errors'
import { useApiErrorText } from '@/api/api-error-text'
import { isSignedIn, useSession } from '@/session/session'
import { Spinner } from '@/ui/spinner'
import type { Purchase } from './api/create-checkout-session'
import { checkCustomAmount } from './custom-amount'
import { CustomAmountField } from './custom-amount-field'
import { OrderSummary } from './order-summary'
import { PlanPicker } from './plan-picker'
import { INITIAL_TIER, isNamedTier, quote, tierAmount } from './plans'
import { useCheckout } from './use-checkout'
import { useCustomAmount } from './use-custom-amount'
import './purchase.css'

/** Refusals that say nothing a buyer can act on: the general checkout message. */
const GENERAL_FAILURES: ReadonlySet<ApiErrorCode> = new Set(['internal_error', 'not_found', 'invalid_json', 'webhook_signature_invalid'])

/**
 * /purchase (spec §2 Purchase): tiers, a custom amount, the order summary and
 * checkout. Anyone can compare plans ("view plans"); buying needs sign-in (spec §6).
 */
export function PurchasePage() {
  const { t } = useLingui()
  const session = useSession()
  const [tier, setTier] = useState<Tier>(INITIAL_TIER)
  const custom = useCustomAmount()
  const checkout = useCheckout()
  const apiErrorText = useApiErrorText()
  // spec §8 Checkout: "server message or 'Failed to create checkout session'" — the server's reason by its code.
  const checkoutFailureText = (code: ApiErrorCode | null): string =>
    code === null || GENERAL_FAILURES.has(code) ? t`Failed to create checkout session` : apiErrorText[code]

  // The summary follows the typing at once; the error waits for the pause (spec §5).
  const typed = checkCustomAmount(custom.text)
  const order = isNamedTier(tier) ? quote(tierAmount(tier)) : typed.ok ? quote(typed.dollars) : null
  const blocked = tier === 'custom' && custom.error !== null

  const select = (next: Tier) => {
    setTier(next)
    checkout.clearFailure()
  }

  const onCheckout = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!isSignedIn(session) || checkout.processing) return
    let purchase: Purchase
    if (isNamedTier(tier)) {
      purchase = { tier }
    } else {
      // Pressed before the pause ended: settle the amount now (spec §5: blocked while an error stands).
      const now = custom.checkNow()
      if (!now.ok) return
      purchase = { tier: 'custom', dollars: now.dollars }
    }
    void checkout.start(session.user.email, purchase)
  }

  const failure = checkout.state.status === 'failed' ? checkoutFailureText(checkout.state.code) : null

  return (
    <main className="page container purchase-page">
      <header className="purchase-header">
        <h1>
          <Trans>Plans and credits</Trans>
        </h1>
        <p className="purchase-lead">
          <Trans>Buy credits once and spend them on any kind of video: UGC actors, lip sync and consistent actors.</Trans>
        </p>
      </header>
      <form className="purchase-layout" noValidate onSubmit={onCheckout} aria-label={t`Buy credits`}>
        <div className="purchase-plans">
          <PlanPicker selected={tier} onSelect={select} />
          {tier === 'custom' && <CustomAmountField value={custom.text} error={custom.error} onChange={custom.setText} />}
        </div>
        <OrderSummary tier={tier} order={order}>
          {session.status === 'loading' && <Spinner />}
          {session.status === 'signed-out' && (
            <div className="purchase-signin">
              <p>{t({ comment: 'spec §6 key purchase.please_signin', message: 'Please sign in to purchase credits.' })}</p>
              <Link to="/auth" className="btn btn--primary">
                <Trans>Sign in</Trans>
              </Link>
            </div>
          )}
          {isSignedIn(session) && (
            <button type="submit" className="btn btn--primary purchase-submit" disabled={checkout.processing || blocked}>
              {checkout.processing && <span className="spinner" aria-hidden="true" />}
              {checkout.processing ? <Trans>Processing...</Trans> : <Trans>Continue to checkout</Trans>}
            </button>
          )}
          <div aria-live="polite">{failure && <p className="form-error purchase-failure">{failure}</p>}</div>
        </OrderSummary>
      </form>
    </main>
  )
}
