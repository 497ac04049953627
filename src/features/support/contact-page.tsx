import { Trans } from '@lingui/react/macro'
import { SUPPORT_REPLY_HOURS } from '@contract/constants'
import { ContactFaq } from './contact-faq'
import { ContactForm } from './contact-form'
import './support.css'

/** /contact: title, description, FAQ and the message form (spec §2 Contact). */
export function ContactPage() {
  return (
    <main className="page container support-page">
      <header className="support-header">
        <h1>
          <Trans>Contact us</Trans>
        </h1>
        <p className="support-lead">
          <Trans>
            Questions about credits, a generation or your account? Send us a message and we will get back to you within {SUPPORT_REPLY_HOURS} hours.
          </Trans>
        </p>
      </header>
      <div className="support-layout">
        <ContactFaq />
        <ContactForm />
      </div>
    </main>
  )
}
