import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { activateLocale } from '@/i18n/i18n'
import { LOCALES, LOCALE_NAMES, type Locale, isLocale } from '@/i18n/locale'
import { GlobeIcon } from '@/ui/shell-icons'
import './language-switcher.css'

/**
 * The language picker (spec intro; docs/decisions/0011, 0118): one button per language,
 * side by side, the active one lit, styled like the app's other controls. Native radio
 * buttons underneath, so arrow keys, screen readers and forms work as everywhere.
 * The choice is stored and wins over the browser language.
 * `id`: a fixed id for a picker in prerendered HTML, which may be hydrated by a different tree than
 * the one that rendered it (src/boot/landing-island.tsx), where a generated id would not match.
 * `wide`: fills its row (the account menu and the account screen).
 */
export function LanguageSwitcher({ className, id: fixedId, wide = false }: { className?: string; id?: string; wide?: boolean }) {
  const { t, i18n } = useLingui()
  const generatedId = useId()
  const id = fixedId ?? generatedId
  // The choice shows at once; the words follow when its catalogs have loaded.
  const [choosing, setChoosing] = useState<Locale | null>(null)
  const shown = choosing ?? i18n.locale
  const classes = ['language-switcher', wide && 'language-switcher--wide', className].filter(Boolean).join(' ')
  return (
    // A radio group by role as well: some engines name a fieldset but do not call it one.
    <fieldset className={classes} role="radiogroup" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="visually-hidden">
        {t`Language`}
      </legend>
      <GlobeIcon size={18} />
      <span className="language-switcher__options">
        {LOCALES.map((locale) => (
          <label key={locale} className="language-switcher__option" lang={locale}>
            <input
              type="radio"
              name={id}
              value={locale}
              checked={shown === locale}
              onChange={(event) => {
                const chosen = event.target.value
                if (!isLocale(chosen)) return
                setChoosing(chosen)
                void activateLocale(chosen, { remember: true }).finally(() => setChoosing(null))
              }}
            />
            <span>{LOCALE_NAMES[locale]}</span>
          </label>
        ))}
      </span>
    </fieldset>
  )
}
