import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { activateLocale } from '@/i18n/i18n'
import { LOCALES, LOCALE_NAMES, isLocale } from '@/i18n/locale'

/**
 * A labelled language picker; the choice is stored and wins over the browser language (spec intro).
 * `id`: a fixed id for a picker in prerendered HTML, which may be hydrated by a different tree than
 * the one that rendered it (src/boot/landing-island.tsx), where a generated id would not match.
 */
export function LanguageSwitcher({ className, id: fixedId }: { className?: string; id?: string }) {
  const { t, i18n } = useLingui()
  const generatedId = useId()
  const id = fixedId ?? generatedId
  return (
    <div className={['language-switcher', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <svg className="language-switcher__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          const locale = event.target.value
          if (isLocale(locale)) void activateLocale(locale, { remember: true })
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  )
}
