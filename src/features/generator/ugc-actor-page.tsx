import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function UgcActorPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>AI Actor</Trans>
      </h1>
    </main>
  )
}
