import { Trans } from '@lingui/react/macro'
import { AppLink } from '@/app/navigation/app-link'

/** The four-step process and the six features (spec §2 Landing page), one line each. */
export function LandingProcess() {
  return (
    <>
      <section className="landing-section container" aria-labelledby="steps-title">
        <h2 id="steps-title">
          <Trans>How it works</Trans>
        </h2>
        <ol className="steps">
          <li className="step">
            <h3>
              <Trans>Define Identity</Trans>
            </h3>
            <p>
              <Trans>Describe your actor's look, setting and mood.</Trans>
            </p>
          </li>
          <li className="step">
            <h3>
              <Trans>AI Generation</Trans>
            </h3>
            <p>
              <Trans>Actorly renders a portrait video ready for reels and stories.</Trans>
            </p>
          </li>
          <li className="step">
            <h3>
              <Trans>Voice Synthesis</Trans>
            </h3>
            <p>
              <Trans>Add a voice and the lips follow every word.</Trans>
            </p>
          </li>
          <li className="step">
            <h3>
              <Trans>Blockchain Mint</Trans>
            </h3>
            <p>
              <Trans>Register your digital human on-chain as proof of origin.</Trans>
            </p>
          </li>
        </ol>
      </section>
      <section className="landing-section container" aria-labelledby="features-title">
        <h2 id="features-title">
          <Trans>Why Actorly</Trans>
        </h2>
        <ul className="features">
          <li className="feature">
            <h3>
              <Trans>Neural Synthesis</Trans>
            </h3>
            <p>
              <Trans>Lifelike faces and motion from modern video models.</Trans>
            </p>
          </li>
          <li className="feature">
            <h3>
              <Trans>Blockchain Verified</Trans>
            </h3>
            <p>
              <Trans>Each identity can carry an on-chain proof of origin.</Trans>
            </p>
          </li>
          <li className="feature">
            <h3>
              <Trans>Metaverse Ready</Trans>
            </h3>
            <p>
              <Trans>Export your actors for virtual worlds and avatars.</Trans>
            </p>
          </li>
          <li className="feature">
            <h3>
              <AppLink to="/developers" className="feature__link">
                <Trans>Developer API</Trans>
              </AppLink>
            </h3>
            <p>
              <Trans>Generate videos from your own app through our API.</Trans>
            </p>
          </li>
          <li className="feature">
            <h3>
              <Trans>One-Click Generation</Trans>
            </h3>
            <p>
              <Trans>From prompt to finished video with a single click.</Trans>
            </p>
          </li>
          <li className="feature">
            <h3>
              <Trans>Voice Synthesis</Trans>
            </h3>
            <p>
              <Trans>Lip-synced speech from any audio you bring.</Trans>
            </p>
          </li>
        </ul>
      </section>
    </>
  )
}
