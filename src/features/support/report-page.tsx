import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function ReportPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Report a bug</Trans>
      </h1>
    </main>
  )
}
