import { Trans } from '@lingui/react/macro'
import { QuickStart } from './quick-start'
import { Reference } from './reference'
import './developers.css'

/**
 * /developers (docs/decisions/0407): what the developer API does, a quick start, and the
 * reference rendered from the API's OpenAPI document at build time.
 */
export function DevelopersPage() {
  return (
    <main className="page container developers">
      <header className="developers-header">
        <h1>
          <Trans>Developer API</Trans>
        </h1>
        <p className="developers-lead">
          <Trans>
            Make UGC actor, lip-sync and consistent actor videos from your own code, with your account's credits, and hear when each is done through signed
            webhooks.
          </Trans>
        </p>
        <nav className="developers-toc" aria-label="API">
          <a href="#quick-start">
            <Trans>Quick start</Trans>
          </a>
          <a href="#calls">
            <Trans>Calls</Trans>
          </a>
          <a href="#webhooks">
            <Trans>Webhooks</Trans>
          </a>
          <a href="#errors">
            <Trans>Errors</Trans>
          </a>
          <a href="/api/public/v1/openapi.json">
            <Trans>OpenAPI document</Trans>
          </a>
        </nav>
      </header>
      <QuickStart />
      <Reference />
    </main>
  )
}
