import { Trans, useLingui } from '@lingui/react/macro'
import { useRef } from 'react'
import { AppLink } from '@/app/navigation/app-link'
import { SAMPLES } from './samples'
import { useHeroClips } from './use-hero-clips'

/** The posters of the live-preview gallery: the first one is the page's LCP image. */
const PREVIEW = SAMPLES.slice(0, 3)
const POSTER_WIDTH = 360
const POSTER_HEIGHT = 640

/**
 * The hero with badge, headline, the two calls to action and the preview of
 * sample videos (spec §2): three posters that play as clips once the visitor
 * engages (./use-hero-clips.ts), under one truthful label (docs/decisions/0083).
 */
export function LandingHero() {
  const { t, i18n } = useLingui()
  const list = useRef<HTMLUListElement>(null)
  const playing = useHeroClips(list)
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
        <ul ref={list} className="hero__posters" aria-label={t`Sample preview`}>
          {PREVIEW.map((sample, index) => (
            <li key={sample.id} className="hero__poster">
              <img src={sample.poster} alt={i18n._(sample.title)} width={POSTER_WIDTH} height={POSTER_HEIGHT} fetchPriority={index === 0 ? 'high' : 'auto'} />
              {playing && (
                // Over its own first frame, so nothing jumps when it starts; played once each time it comes into
                // view (4 s: moving content under 5 s needs no pause button). Its title is the image's.
                <video className="hero__clip" src={sample.url} poster={sample.poster} preload="none" muted playsInline aria-hidden="true" tabIndex={-1} />
              )}
            </li>
          ))}
        </ul>
        <figcaption className="hero__caption">
          <Trans>Illustrative samples, made without AI</Trans>
        </figcaption>
      </figure>
    </section>
  )
}
