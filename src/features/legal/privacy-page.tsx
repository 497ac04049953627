import { Trans } from '@lingui/react/macro'
import { PRIVACY_COLLAPSED_SECTIONS } from '@contract/constants'
import { PRIVACY_EFFECTIVE_DATE } from './effective-dates'
import { LastUpdated } from './last-updated'
import { PrivacySection } from './privacy-section'
import { PRIVACY_SECTIONS } from './privacy-sections'
import './legal.css'

const collapsedNumbers: readonly number[] = PRIVACY_COLLAPSED_SECTIONS

/** /privacy: eight sections, some clamped with Read more (spec §2 Privacy). */
export function PrivacyPage() {
  return (
    <main className="page container legal">
      <header className="legal-header">
        <h1>
          <Trans>Privacy Policy</Trans>
        </h1>
        <LastUpdated effective={PRIVACY_EFFECTIVE_DATE} />
        <p className="legal-lead">
          <Trans>Your privacy matters to us. This policy explains what personal data Actorly collects, why we need it, and the choices you have.</Trans>
        </p>
      </header>
      <div className="legal-sections legal-sections--single">
        {PRIVACY_SECTIONS.map((section, index) => (
          <PrivacySection key={section.id} section={section} number={index + 1} collapsible={collapsedNumbers.includes(index + 1)} />
        ))}
      </div>
    </main>
  )
}
