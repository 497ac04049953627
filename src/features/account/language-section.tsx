import { Trans } from '@lingui/react/macro'
import { LanguageSwitcher } from '@/app/shell/language-switcher'

/** The app's language (spec intro), stored on this device; notifications follow it (docs/decisions/0280). */
export function LanguageSection() {
  return (
    <>
      <p className="hint">
        <Trans>Actorly and its notifications on this device use this language.</Trans>
      </p>
      <LanguageSwitcher wide id="account-language" className="account-language" />
    </>
  )
}
