import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function PurchasePage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Plans and credits</Trans>
      </h1>
    </main>
  )
}
