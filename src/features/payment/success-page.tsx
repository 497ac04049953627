import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Spinner } from '@/ui/spinner'
import { type ConfirmationState, usePaymentConfirmation } from './use-payment-confirmation'
import './payment-result.css'

function ConfirmationText({ state }: { state: ConfirmationState }) {
  const { t, i18n } = useLingui()
  switch (state.kind) {
    case 'confirming':
      return (
        <p className="hint payment-result__status">
          <Spinner label={t`Confirming your payment`} /> <Trans>Confirming your payment…</Trans>
        </p>
      )
    case 'confirmed': {
      if (state.status === 'completed') {
        const credits = i18n.number(state.credits)
        return (
          <p className="hint">
            <Trans>Thank you for your purchase. {credits} credits were added to your account.</Trans>
          </p>
        )
      }
      if (state.status === 'canceled') {
        return (
          <p className="hint">
            <Trans>
              This checkout was canceled, so nothing was charged. You can <Link to="/purchase">choose a plan again</Link>.
            </Trans>
          </p>
        )
      }
      return (
        <p className="hint">
          <Trans>Your payment is still being processed. Your credits will appear in the top bar shortly.</Trans>
        </p>
      )
    }
    case 'unknown':
    case 'failed':
      return (
        <p className="hint">
          <Trans>
            We could not confirm this payment yet. If your credits do not appear within a few minutes, please <Link to="/contact">contact support</Link>.
          </Trans>
        </p>
      )
    case 'signed-out':
      return (
        <p className="hint">
          <Trans>
            Thank you for your purchase. <Link to="/auth">Sign in</Link> to see your new balance.
          </Trans>
        </p>
      )
    case 'no-session-id':
      return <p className="hint">{t`Thank you for your purchase. Your credits are being added to your account.`}</p>
  }
}

/**
 * Where the checkout returns after a successful payment (spec §2 "Payment
 * pages"): confirms the checkout session, refreshes the balance, and leads on
 * to the generator. A missing or unknown session id still gets a calm answer.
 */
export function SuccessPage({ sessionId }: { sessionId: string | undefined }) {
  const { t } = useLingui()
  const state = usePaymentConfirmation(sessionId)
  return (
    <main className="page page--bare container payment-result">
      <section className="card payment-result__card" aria-labelledby="payment-result-title">
        <div className="payment-result__badge payment-result__badge--success" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <h1 id="payment-result-title">{t`Payment Successful!`}</h1>
        <div aria-live="polite">
          <ConfirmationText state={state} />
        </div>
        <Link to="/ugc-actor" className="btn btn--primary">
          {t`Start creating`}
        </Link>
      </section>
    </main>
  )
}
