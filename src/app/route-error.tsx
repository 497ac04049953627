import { Trans } from '@lingui/react/macro'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'

/** Router-wide error screen: a short message and a Retry that reloads the route's data. */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter()
  function retry() {
    reset()
    void router.invalidate()
  }
  return (
    <main className="page container route-state">
      <div role="alert">
        <h1>
          <Trans>Something went wrong</Trans>
        </h1>
        <p className="hint">
          <Trans>This screen could not be shown. Please try again.</Trans>
        </p>
      </div>
      <button type="button" className="btn btn--primary" onClick={retry}>
        <Trans>Retry</Trans>
      </button>
    </main>
  )
}
