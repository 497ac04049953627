import { Trans, useLingui } from '@lingui/react/macro'
import { TERMS_ACTIVE_THRESHOLD_PX, TERMS_SCROLL_OFFSET_PX, TERMS_SECTION_IDS } from '@contract/constants'
import { TERMS_EFFECTIVE_DATE } from './effective-dates'
import { LastUpdated } from './last-updated'
import { TermsNav } from './terms-nav'
import { TERMS_SECTIONS } from './terms-sections'
import { useActiveSection } from './use-active-section'
import './legal.css'

/** /terms: nine sections with a side menu that follows the reading position (spec §2 Terms). */
export function TermsPage() {
  const { i18n } = useLingui()
  const { active, scrollToSection } = useActiveSection(TERMS_SECTION_IDS, {
    thresholdPx: TERMS_ACTIVE_THRESHOLD_PX,
    offsetPx: TERMS_SCROLL_OFFSET_PX,
  })
  return (
    <main className="page container legal">
      <header className="legal-header">
        <h1>
          <Trans>Terms of Service</Trans>
        </h1>
        <LastUpdated effective={TERMS_EFFECTIVE_DATE} />
        <p className="legal-lead">
          <Trans>
            These terms explain the rules for using Actorly, how credits work, and what you and we can expect from each other. Please read them carefully.
          </Trans>
        </p>
      </header>
      <div className="legal-layout">
        <TermsNav ids={TERMS_SECTION_IDS} active={active} onSelect={scrollToSection} />
        <div className="legal-sections">
          {TERMS_SECTION_IDS.map((id, index) => {
            const { title, Body } = TERMS_SECTIONS[id]
            return (
              <section key={id} id={id} className="legal-section" aria-labelledby={`${id}-title`} tabIndex={-1}>
                <h2 id={`${id}-title`}>
                  <span className="legal-section__number" aria-hidden="true">
                    {index + 1}.
                  </span>{' '}
                  {i18n._(title)}
                </h2>
                <Body />
              </section>
            )
          })}
        </div>
      </div>
    </main>
  )
}
