import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import './payment-result.css'

/** Where the hosted checkout returns when the payment was canceled (spec §2 "Payment pages", with the top bar: docs/decisions/0116). */
export function CancelPage() {
  const { t } = useLingui()
  return (
    <main className="page container payment-result">
      <section className="card payment-result__card" aria-labelledby="payment-result-title">
        <div className="payment-result__badge payment-result__badge--cancel" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32">
            <path d="M7 7l10 10M17 7L7 17" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </div>
        <h1 id="payment-result-title">{t`Payment Canceled`}</h1>
        <p className="hint">
          <Trans>
            Your payment was canceled and you have not been charged. You can try again or <Link to="/contact">contact support</Link>.
          </Trans>
        </p>
        <Link to="/purchase" className="btn btn--primary">
          {t`Try Again`}
        </Link>
      </section>
    </main>
  )
}
