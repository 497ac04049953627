import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function SuccessPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Payment Successful!</Trans>
      </h1>
    </main>
  )
}
