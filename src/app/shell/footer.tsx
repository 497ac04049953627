import { useLingui } from '@lingui/react/macro'
import { AppLink } from '@/app/navigation/app-link'
import { useSyncExternalStore } from 'react'
import { isSignedIn, useSession } from '@/session/session'
import { LanguageSwitcher } from './language-switcher'
import './footer.css'

const noChanges = () => () => {}
const thisYear = () => new Date().getFullYear()
/** The year the build prerendered the HTML in (vite.config.ts): hydration matches it, then shows this year. */
const builtInYear = () => Number(import.meta.env.VITE_BUILD_YEAR) || thisYear()

/**
 * The footer of every page (spec §2): privacy, terms, contact and, only for
 * signed-in users (spec §6), report. Screens without a top bar get the language
 * picker here, so every page has exactly one (docs/decisions/0011).
 */
export function Footer({ withLanguageSwitcher }: { withLanguageSwitcher: boolean }) {
  const { t } = useLingui()
  const session = useSession()
  const year = useSyncExternalStore(noChanges, thisYear, builtInYear)
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <nav aria-label={t`Footer`}>
          <ul className="footer__links">
            <li>
              <AppLink to="/privacy">{t`Privacy`}</AppLink>
            </li>
            <li>
              <AppLink to="/terms">{t`Terms`}</AppLink>
            </li>
            <li>
              <AppLink to="/contact">{t`Contact`}</AppLink>
            </li>
            {isSignedIn(session) && (
              <li>
                <AppLink to="/report">{t`Report`}</AppLink>
              </li>
            )}
          </ul>
        </nav>
        {withLanguageSwitcher && <LanguageSwitcher id="footer-language" />}
        <p className="footer__copyright">{t`© ${year} Actorly. All rights reserved.`}</p>
      </div>
    </footer>
  )
}
