import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { OnlineLink } from '@/app/navigation/online-link'
import { Spinner } from '@/ui/spinner'
import { type ConfirmationState, usePaymentConfirmation } from './use-payment-confirmation'
import './payment-result.css'

interface Outcome {
  badge: 'pending' | 'success' | 'notice'
  heading: string
  body: ReactNode
  /** A control of its own, outside the announced text. */
  action?: ReactNode
}

/** What the page says for each state of the confirmation (docs/decisions/0116). */
function useOutcome(state: ConfirmationState): Outcome {
  const { t, i18n } = useLingui()
  // spec §2 names the page 'Payment Successful!': the heading once the payment is known to be paid.
  const paid = t`Payment Successful!`
  switch (state.kind) {
    case 'confirming':
      return { badge: 'pending', heading: t`Confirming your payment…`, body: null }
    case 'confirmed': {
      if (state.status === 'completed') {
        const credits = i18n.number(state.credits)
        const { newBalance } = state
        const balance = typeof newBalance === 'number' ? i18n.number(newBalance, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : newBalance
        return {
          badge: 'success',
          heading: paid,
          body: (
            <>
              <p className="payment-result__added">
                <Trans>{credits} credits added</Trans>
              </p>
              {/* Nothing while the balance is read again: the line then says it, or where it shows. */}
              {balance !== undefined && (
                <p className="payment-result__balance">
                  {balance === null ? <Trans>Your new balance shows in the top bar.</Trans> : <Trans>New balance: {balance} credits</Trans>}
                </p>
              )}
              <p className="hint">
                <Trans>Thank you for your purchase.</Trans>
              </p>
            </>
          ),
        }
      }
      if (state.status === 'canceled') {
        return {
          badge: 'notice',
          heading: t`Checkout canceled`,
          body: (
            <p className="hint">
              <Trans>
                This checkout was canceled, so nothing was charged. You can <Link to="/purchase">choose a plan again</Link>.
              </Trans>
            </p>
          ),
        }
      }
      if (state.waiting) {
        return {
          badge: 'pending',
          heading: t`Payment received`,
          body: (
            <p className="hint">
              <Trans>Your payment is still being processed. Your credits will appear in the top bar shortly.</Trans>
            </p>
          ),
        }
      }
      // Asked long enough: some payment methods take days. The credits come when it clears, page open or not.
      return {
        badge: 'notice',
        heading: t`Payment received`,
        body: (
          <p className="hint">
            <Trans>Your payment is still being processed. Some payment methods take a few days; your credits are added as soon as it clears.</Trans>
          </p>
        ),
        action: (
          <button type="button" className="btn" onClick={state.checkAgain}>
            <Trans>Check again</Trans>
          </button>
        ),
      }
    }
    case 'unknown':
    case 'failed':
      return {
        badge: 'notice',
        heading: t`Payment not confirmed yet`,
        body: (
          <p className="hint">
            <Trans>
              We could not confirm this payment yet. If your credits do not appear within a few minutes, please <Link to="/contact">contact support</Link>.
            </Trans>
          </p>
        ),
      }
    case 'signed-out':
      return {
        badge: 'success',
        heading: paid,
        body: (
          <p className="hint">
            <Trans>
              Thank you for your purchase. <Link to="/auth">Sign in</Link> to see your new balance.
            </Trans>
          </p>
        ),
      }
    case 'no-session-id':
      return { badge: 'success', heading: paid, body: <p className="hint">{t`Thank you for your purchase. Your credits are being added to your account.`}</p> }
  }
}

function Badge({ kind }: { kind: Outcome['badge'] }) {
  const { t } = useLingui()
  if (kind === 'pending') {
    return (
      <div className="payment-result__badge payment-result__badge--pending">
        <Spinner label={t`Confirming your payment`} />
      </div>
    )
  }
  return (
    <div className={`payment-result__badge payment-result__badge--${kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="32" height="32">
        {kind === 'success' ? (
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M12 7v6M12 17h.01" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        )}
      </svg>
    </div>
  )
}

/**
 * Where the checkout returns after a successful payment (spec §2 "Payment
 * pages", with the top bar: docs/decisions/0116): confirms the checkout session,
 * refreshes the balance, then says how many credits were added and the new balance,
 * and leads on to the generator. A missing or unknown session id still gets a calm answer.
 */
export function SuccessPage({ sessionId }: { sessionId: string | undefined }) {
  const { t } = useLingui()
  const outcome = useOutcome(usePaymentConfirmation(sessionId))
  return (
    <main className="page container payment-result">
      <section className="card payment-result__card" aria-labelledby="payment-result-title">
        <Badge kind={outcome.badge} />
        {/* The heading and its lines change as the confirmation arrives: announced as one. */}
        <div className="payment-result__text" aria-live="polite" aria-atomic="true">
          <h1 id="payment-result-title">{outcome.heading}</h1>
          {outcome.body}
        </div>
        {outcome.action}
        <OnlineLink to="/ugc-actor" className="btn btn--primary">
          {t`Start creating`}
        </OnlineLink>
      </section>
    </main>
  )
}
