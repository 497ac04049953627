import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function ContactPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Contact us</Trans>
      </h1>
    </main>
  )
}
