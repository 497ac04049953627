import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function CancelPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Payment Canceled</Trans>
      </h1>
    </main>
  )
}
