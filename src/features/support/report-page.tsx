import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSession } from '@/session/session'
import { ReportForm } from './report-form'
import './support.css'

/** /report: the bug report form (spec §2 Bug report). */
export function ReportPage() {
  // Only a known signed-out visitor is told so: while the session resolves, a signed-in user may be here.
  const signedOut = useSession().status === 'signed-out'
  return (
    <main className="page container support-page support-page--narrow">
      <header className="support-header">
        <h1>
          <Trans>Report a bug</Trans>
        </h1>
        <p className="support-lead">
          <Trans>Something not working as it should? Tell us what happened and we will look into it.</Trans>
        </p>
        {signedOut && (
          <p className="hint">
            <Trans>
              You are not signed in, so we cannot reply to this report. If you would like an answer, use the <Link to="/contact">contact form</Link> instead.
            </Trans>
          </p>
        )}
      </header>
      <ReportForm />
    </main>
  )
}
