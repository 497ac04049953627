import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function LandingPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Actorly</Trans>
      </h1>
    </main>
  )
}
