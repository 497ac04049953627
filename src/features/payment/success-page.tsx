import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import './payment-result.css'

/** Where the hosted checkout returns after a successful payment (spec §2 "Payment pages"). */
export function SuccessPage() {
  const { t } = useLingui()
  return (
    <main className="page page--bare container payment-result">
      <section className="card payment-result__card" aria-labelledby="payment-result-title">
        <div className="payment-result__badge payment-result__badge--success" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <h1 id="payment-result-title">{t`Payment Successful!`}</h1>
        <p className="hint">{t`Thank you for your purchase. Your credits are being added to your account.`}</p>
        <Link to="/ugc-actor" className="btn btn--primary">
          {t`Start creating`}
        </Link>
      </section>
    </main>
  )
}
