import { Trans, useLingui } from '@lingui/react/macro'
import { type CSSProperties, useState } from 'react'
import { PRIVACY_COLLAPSED_LINES } from '@contract/constants'
import type { PrivacySection as PrivacySectionContent } from './privacy-sections'

interface PrivacySectionProps {
  section: PrivacySectionContent
  number: number
  /** spec §2 Privacy: starts clamped to three lines with Read more / Show less. */
  collapsible: boolean
}

/** spec §2 Privacy: collapsed sections show three lines. */
const collapsedStyle: CSSProperties = {
  WebkitLineClamp: PRIVACY_COLLAPSED_LINES,
  maxHeight: `${PRIVACY_COLLAPSED_LINES}lh`,
}

export function PrivacySection({ section, number, collapsible }: PrivacySectionProps) {
  const { i18n } = useLingui()
  const [expanded, setExpanded] = useState(false)
  const { id, title, Body } = section
  const bodyId = `${id}-body`
  const collapsed = collapsible && !expanded
  return (
    <section id={id} className="legal-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <span className="legal-section__number" aria-hidden="true">
          {number}.
        </span>{' '}
        {i18n._(title)}
      </h2>
      <div id={bodyId} className={collapsed ? 'legal-collapsible--collapsed' : undefined} style={collapsed ? collapsedStyle : undefined}>
        <Body />
      </div>
      {collapsible && (
        <button type="button" className="legal-more" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((open) => !open)}>
          {expanded ? <Trans>Show less</Trans> : <Trans>Read more</Trans>}
        </button>
      )}
    </section>
  )
}
