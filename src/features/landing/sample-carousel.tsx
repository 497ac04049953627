import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { SampleCard } from './sample-card'
import { SAMPLES } from './samples'
import { useCarouselMotion, usePrefersReducedMotion } from './use-carousel-motion'
import { useNearScreen } from './use-near-screen'
import { useVisibleVideos } from './use-visible-videos'

/** The cards are built when the carousel is this close to the viewport (one phone screen ahead). */
const CARDS_MARGIN = '800px 0px'

/**
 * The auto-scrolling carousel of the 16 samples (spec §2 Landing page). The list is
 * rendered twice so the loop has no seam. With reduced motion it stands still and
 * becomes a normal horizontally scrollable list; a pause button stops it too
 * (moving content needs a way to stop it, WCAG 2.2.2).
 */
export function SampleCarousel() {
  const { t } = useLingui()
  const viewport = useRef<HTMLDivElement>(null)
  const track = useRef<HTMLUListElement>(null)
  const reducedMotion = usePrefersReducedMotion()
  const [paused, setPaused] = useState(false)
  useCarouselMotion({ viewport, track, sampleCount: SAMPLES.length, stopped: reducedMotion || paused })
  // The cards (32 videos) are built only when the carousel comes near: their posters
  // would compete with the hero's LCP and their rendering with the first paint.
  const near = useNearScreen(viewport, CARDS_MARGIN)
  useVisibleVideos(track, near && !reducedMotion)
  const copies = reducedMotion ? [false] : [false, true]

  return (
    <section className="landing-section samples" aria-labelledby="samples-title">
      <div className="container samples__head">
        <div>
          <h2 id="samples-title">
            <Trans>Made with Actorly</Trans>
          </h2>
          <p className="landing-section__lead">
            <Trans>Every clip here is an illustrative sample, drawn without AI, to show the formats Actorly makes.</Trans>
          </p>
        </div>
        {!reducedMotion && (
          <button type="button" className="btn btn--small" aria-pressed={paused} onClick={() => setPaused(!paused)}>
            <Trans>Pause samples</Trans>
          </button>
        )}
      </div>
      <div
        ref={viewport}
        className="samples__viewport"
        data-motion={reducedMotion ? 'off' : 'on'}
        // Without motion the list scrolls sideways, so the keyboard must be able to reach it.
        tabIndex={reducedMotion ? 0 : undefined}
        role={reducedMotion ? 'region' : undefined}
        aria-label={reducedMotion ? t`Sample videos, scroll sideways` : undefined}
      >
        <ul ref={track} className="samples__track" aria-label={t`Sample videos`}>
          {near &&
            copies.map((duplicate) =>
              SAMPLES.map((sample) => (
                <SampleCard key={`${sample.id}${duplicate ? '-loop' : ''}`} sample={sample} duplicate={duplicate} withControls={reducedMotion} />
              )),
            )}
        </ul>
      </div>
    </section>
  )
}
