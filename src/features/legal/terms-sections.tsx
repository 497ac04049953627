import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { MINIMUM_AGE, SUPPORT_REPLY_HOURS, type TERMS_SECTION_IDS } from '@contract/constants'
import { TermsConductBody, TermsContentBody, TermsDisclaimerBody, TermsIntellectualBody, TermsTerminationBody } from './terms-sections-usage'

export type TermsSectionId = (typeof TERMS_SECTION_IDS)[number]

export interface TermsSection {
  title: MessageDescriptor
  Body: () => ReactElement
}

// spec §1: age limit, one generation at a time, no cancelling a started generation,
// refund or regeneration only on failure, no refund after success, 48 h support.
export const TERMS_SECTIONS: Record<TermsSectionId, TermsSection> = {
  acceptance: { title: msg`Acceptance of these terms`, Body: AcceptanceBody },
  services: { title: msg`Our services`, Body: ServicesBody },
  privacy: { title: msg`Privacy and your account`, Body: PrivacyBody },
  no_refund: { title: msg`Credits and refunds`, Body: CreditsBody },
  content: { title: msg`Your content`, Body: TermsContentBody },
  restrictions: { title: msg`Prohibited uses`, Body: TermsConductBody },
  intellectual: { title: msg`Intellectual property`, Body: TermsIntellectualBody },
  termination: { title: msg`Suspension and termination`, Body: TermsTerminationBody },
  disclaimer: { title: msg`Disclaimer and limitation of liability`, Body: TermsDisclaimerBody },
}

function AcceptanceBody() {
  return (
    <>
      <p>
        <Trans>
          By creating an account or using Actorly (the app, the website and its API), you agree to these Terms of Service and to our Privacy Policy. If you do
          not agree, please do not use Actorly.
        </Trans>
      </p>
      <p>
        <Trans>
          You must be at least {MINIMUM_AGE} years old to use Actorly. By using it, you confirm that you are of legal age and able to enter into a binding
          agreement.
        </Trans>
      </p>
      <p>
        <Trans>
          We may update these terms from time to time. The date of the latest version is shown at the top of this page; if you keep using Actorly after a
          change, the updated terms apply.
        </Trans>
      </p>
    </>
  )
}

function ServicesBody() {
  return (
    <>
      <p>
        <Trans>
          Actorly lets you create short portrait videos with artificial intelligence: UGC actor videos from a text description, lip sync that adds speech to a
          video, and consistent actor videos from a face image. Your videos are kept in your personal gallery.
        </Trans>
      </p>
      <p>
        <Trans>Generations are paid with credits that you buy in advance. The cost is shown before you start.</Trans>
      </p>
      <ul>
        <li>
          <Trans>You can run one generation at a time. The next one can start once the current video is finished.</Trans>
        </li>
        <li>
          <Trans>A generation cannot be cancelled once it has started; its credits are charged when it starts.</Trans>
        </li>
        <li>
          <Trans>Results come from AI models and vary. We cannot promise that a video will match your expectations exactly.</Trans>
        </li>
      </ul>
    </>
  )
}

function PrivacyBody() {
  return (
    <>
      <p>
        <Trans>
          We handle your personal data as described in our <Link to="/privacy">Privacy Policy</Link>.
        </Trans>
      </p>
      <p>
        <Trans>
          You are responsible for keeping your sign-in details safe and for everything that happens in your account. If you suspect that someone else is using
          it, tell us right away.
        </Trans>
      </p>
    </>
  )
}

function CreditsBody() {
  return (
    <>
      <p>
        <Trans>Credits are prepaid, cannot be transferred and have no cash value. They are charged when a generation starts.</Trans>
      </p>
      <p>
        <Trans>
          If a generation fails, you get its credits back or, if you prefer, we run the generation again. This is the only case in which credits are refunded.
        </Trans>
      </p>
      <p>
        <strong>
          <Trans>
            Once a generation has completed successfully, its credits are used up and cannot be refunded, including when you do not like the creative result.
          </Trans>
        </strong>
      </p>
      <p>
        <Trans>
          If a payment is refunded or charged back through your bank or card issuer, the credits it bought are removed from your balance, as far as they have
          not been used. If a chargeback is decided in our favour, they are given back.
        </Trans>
      </p>
      <p>
        <Trans>
          Nothing in these terms limits rights you have under mandatory consumer protection law. Questions about a charge? <Link to="/contact">Contact us</Link>{' '}
          and we will reply within {SUPPORT_REPLY_HOURS} hours.
        </Trans>
      </p>
    </>
  )
}
