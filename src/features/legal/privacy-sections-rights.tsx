import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { SUPPORT_REPLY_HOURS } from '@contract/constants'

// Privacy sections 5 to 8 (spec §2 Privacy): providers, retention, rights, contact.

/** Where people reach us about their data (spec §2: the contact section has a mailto link). */
export const SUPPORT_EMAIL = 'support@actorly.app'

export function PrivacyProvidersBody() {
  return (
    <>
      <p>
        <Trans>We work with a few trusted providers who process data on our behalf and only on our instructions:</Trans>
      </p>
      <ul>
        <li>
          <Trans>Firebase Authentication (Google) for your account, password and sign-in with Google.</Trans>
        </li>
        <li>
          <Trans>Our card payment provider for purchases.</Trans>
        </li>
        <li>
          <Trans>AI video providers, which receive the prompts and media needed to create your videos.</Trans>
        </li>
        <li>
          <Trans>Hosting and storage providers for the app, our database and your videos.</Trans>
        </li>
        <li>
          <Trans>
            If you turn on notifications, the push service of your browser or phone (Google for Chrome, Apple for
            Safari, Mozilla for Firefox) delivers an encrypted message to your device when a video is ready or could
            not be generated. It cannot read the message; it sees only which device receives it and when.
          </Trans>
        </li>
      </ul>
    </>
  )
}

export function PrivacyRetentionBody() {
  return (
    <p>
      <Trans>
        We keep your account, credits ledger, videos and uploads for as long as your account exists. When you delete
        your account, we delete this data within 30 days, except records we must keep by law, such as payment records
        for tax purposes. Support messages are deleted after 12 months.
      </Trans>
    </p>
  )
}

export function PrivacyRightsBody() {
  return (
    <>
      <p>
        <Trans>
          You can ask us for a copy of your data, have it corrected or deleted, restrict or object to its processing,
          and receive it in a portable format. You can also complain to a data protection authority.
        </Trans>
      </p>
      <p>
        <Trans>To use any of these rights, contact us as described below.</Trans>
      </p>
    </>
  )
}

export function PrivacyContactBody() {
  return (
    <p>
      <Trans>
        Questions about this policy or your data? Email us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or
        use our <Link to="/contact">contact form</Link>. We reply within {SUPPORT_REPLY_HOURS} hours.
      </Trans>
    </p>
  )
}
