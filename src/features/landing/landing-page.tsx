import { Trans } from '@lingui/react/macro'
import { LandingCapabilities } from './landing-capabilities'
import { LandingHero } from './landing-hero'
import { LandingProcess } from './landing-process'
import { SampleCarousel } from './sample-carousel'
import { ScrollProgress } from './scroll-progress'
import './landing.css'

/** / : the landing page (spec §2 Landing page). No navigation bar; the shell adds the footer. */
export function LandingPage() {
  return (
    <>
      <ScrollProgress />
      <header className="landing-header container">
        <span className="landing-header__logo">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <Trans>Actorly</Trans>
        </span>
      </header>
      <main className="landing">
        <LandingHero />
        <LandingCapabilities />
        <LandingProcess />
        <SampleCarousel />
      </main>
    </>
  )
}
