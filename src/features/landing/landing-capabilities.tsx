import { Trans } from '@lingui/react/macro'
import { AppLink } from '@/app/navigation/app-link'

/** 'Core capabilities': three cards, the third marked NEW (spec §2 Landing page). */
export function LandingCapabilities() {
  return (
    <section className="landing-section container" aria-labelledby="capabilities-title">
      <h2 id="capabilities-title">
        <Trans>Core capabilities</Trans>
      </h2>
      <ul className="capabilities">
        <li>
          <AppLink to="/ugc-actor" className="card capability">
            <h3>
              <Trans>Digital Identity Creation</Trans>
            </h3>
            <p>
              <Trans>Describe a person in a sentence and get a portrait video of your AI actor.</Trans>
            </p>
          </AppLink>
        </li>
        <li>
          <AppLink to="/ugc-actor" className="card capability">
            <h3>
              <Trans>Voice Synthesis</Trans>
            </h3>
            <p>
              <Trans>Upload, record or link audio and your actor speaks it with matching lips.</Trans>
            </p>
          </AppLink>
        </li>
        <li>
          <AppLink to="/consistent-actor" className="card capability capability--new">
            <h3>
              <Trans>Consistent Character</Trans>{' '}
              <span className="new-badge">
                <Trans>NEW</Trans>
              </span>
            </h3>
            <p>
              <Trans>Upload one face and animate it in any scene, always the same person.</Trans>
            </p>
          </AppLink>
        </li>
      </ul>
    </section>
  )
}
