import { useLingui } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import { TERMS_SECTIONS, type TermsSectionId } from './terms-sections'

interface TermsNavProps {
  ids: readonly TermsSectionId[]
  active: TermsSectionId | null
  onSelect: (id: TermsSectionId) => void
}

/** The terms side menu (spec §2 Terms): one entry per section, the active one marked. */
export function TermsNav({ ids, active, onSelect }: TermsNavProps) {
  const { t, i18n } = useLingui()
  const select = (id: TermsSectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain in-page link without JS; with JS, our own scroll keeps the 80 px offset.
    event.preventDefault()
    onSelect(id)
  }
  return (
    <nav className="legal-nav" aria-label={t`Terms sections`}>
      <p className="legal-nav__title" aria-hidden="true">
        {t`On this page`}
      </p>
      <ol className="legal-nav__list">
        {ids.map((id, index) => (
          <li key={id}>
            <a href={`#${id}`} className="legal-nav__link" aria-current={active === id ? 'location' : undefined} onClick={select(id)}>
              <span className="legal-nav__number" aria-hidden="true">
                {index + 1}
              </span>
              {i18n._(TERMS_SECTIONS[id].title)}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
