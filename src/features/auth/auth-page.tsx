import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function AuthPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Sign in</Trans>
      </h1>
    </main>
  )
}
