import { Trans, useLingui } from '@lingui/react/macro'
import { AppLink } from '@/app/navigation/app-link'
import { SAMPLES } from './samples'

/** The posters of the live-preview gallery: the first one is the page's LCP image. */
const PREVIEW = SAMPLES.slice(0, 3)
const POSTER_WIDTH = 360
const POSTER_HEIGHT = 640

/** The hero with badge, headline, the two calls to action and the live preview (spec §2). */
export function LandingHero() {
  const { t, i18n } = useLingui()
  return (
    <section className="hero container" aria-labelledby="hero-title">
      <div className="hero__text">
        <p className="hero__badge">
          <Trans>DIGITAL HUMANS • WEB3 • AI</Trans>
        </p>
        <h1 id="hero-title" className="hero__title">
          <Trans>
            Create digital humans that <span className="gradient-text">speak for you</span>
          </Trans>
        </h1>
        <p className="hero__lead">
          <Trans>Actorly turns a sentence into a portrait video of an AI actor, gives it a voice with lip sync and keeps the same face in every clip.</Trans>
        </p>
        <div className="hero__actions">
          <AppLink to="/ugc-actor" className="btn btn--primary hero__cta">
            <Trans>Create Digital Human</Trans>
          </AppLink>
          <AppLink to="/demo" className="btn hero__cta">
            <Trans>View Demo</Trans>
          </AppLink>
        </div>
      </div>
      <figure className="hero__preview">
        <ul className="hero__posters" aria-label={t`Live preview`}>
          {PREVIEW.map((sample, index) => (
            <li key={sample.id} className="hero__poster">
              <img
                src={sample.poster}
                alt={t`${i18n._(sample.title)}, an AI-generated sample`}
                width={POSTER_WIDTH}
                height={POSTER_HEIGHT}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
              <span className="ai-label">
                <Trans>AI-generated</Trans>
              </span>
            </li>
          ))}
        </ul>
        <figcaption className="hero__caption">
          <span className="live-dot" aria-hidden="true" />
          <Trans>Live preview</Trans>
        </figcaption>
      </figure>
    </section>
  )
}
