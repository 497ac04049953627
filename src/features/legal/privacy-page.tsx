import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function PrivacyPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Privacy Policy</Trans>
      </h1>
    </main>
  )
}
