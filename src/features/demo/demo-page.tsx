import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function DemoPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Demo</Trans>
      </h1>
    </main>
  )
}
