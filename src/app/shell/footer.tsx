import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { isSignedIn, useSession } from '@/session/session'
import { LanguageSwitcher } from './language-switcher'
import './footer.css'

/**
 * The footer of every page (spec §2): privacy, terms, contact and, only for
 * signed-in users (spec §6), report. Screens without a top bar get the language
 * picker here, so every page has exactly one (docs/decisions/0011).
 */
export function Footer({ withLanguageSwitcher }: { withLanguageSwitcher: boolean }) {
  const { t } = useLingui()
  const session = useSession()
  const [year] = useState(() => new Date().getFullYear())
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <nav aria-label={t`Footer`}>
          <ul className="footer__links">
            <li>
              <Link to="/privacy">{t`Privacy`}</Link>
            </li>
            <li>
              <Link to="/terms">{t`Terms`}</Link>
            </li>
            <li>
              <Link to="/contact">{t`Contact`}</Link>
            </li>
            {isSignedIn(session) && (
              <li>
                <Link to="/report">{t`Report`}</Link>
              </li>
            )}
          </ul>
        </nav>
        {withLanguageSwitcher && <LanguageSwitcher />}
        <p className="footer__copyright">{t`© ${year} Actorly. All rights reserved.`}</p>
      </div>
    </footer>
  )
}
