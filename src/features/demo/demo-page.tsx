import { Trans } from '@lingui/react/macro'
import { OnlineLink } from '@/app/navigation/online-link'
import { DemoWizard } from './demo-wizard'
import './demo.css'

/** /demo: the scripted demo with sample media, open to visitors, no server call (spec §2 Demo). */
export function DemoPage() {
  return (
    <main className="page container demo-page">
      <header className="demo-hero">
        <div>
          <h1>
            <Trans>
              See <span className="gradient-text">Actorly</span> in action
            </Trans>
          </h1>
          <p className="demo-hero__lead">
            <Trans>Generate an AI actor video, then give it a voice with lip sync — two steps, one minute.</Trans>
          </p>
        </div>
        <div className="demo-hero__cta">
          {/* Making a video needs the network: offline this waits, and says why (docs/decisions/0117). */}
          <OnlineLink to="/ugc-actor" className="btn btn--primary">
            <Trans>Start creating</Trans>
          </OnlineLink>
        </div>
      </header>
      <p className="demo-banner">
        <span className="demo-banner__tag">
          <Trans>Demo</Trans>
        </span>
        <span>
          <Trans>
            This is a demo with sample media: the videos and the voice are illustrative samples, made without AI. Nothing is uploaded and no credits are used.
          </Trans>
        </span>
      </p>
      <DemoWizard />
    </main>
  )
}
