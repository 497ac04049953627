import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function TermsPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Terms of Service</Trans>
      </h1>
    </main>
  )
}
