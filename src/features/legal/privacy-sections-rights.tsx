import { Plural, Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { SUPPORT_REPLY_HOURS } from '@contract/constants'
import { useRetentionFigures } from './retention-figures'

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
          <Trans>An email provider that delivers your support messages and bug reports to our support team.</Trans>
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

/** The figures are the server's configured ones (docs/decisions/0263). */
export function PrivacyRetentionBody() {
  const { supportMonths, unusedUploadDays, accountDeletionDays } = useRetentionFigures()
  return (
    <>
      <p>
        <Trans>
          We keep your account, credits ledger, videos and uploads for as long as your account exists. An upload that no
          video uses is deleted <Plural value={unusedUploadDays} one="# day" other="# days" /> after you uploaded it.
        </Trans>
      </p>
      <p>
        <Trans>
          When you delete your account, we delete your data right away; if a step fails we try again, and everything is
          gone within <Plural value={accountDeletionDays} one="# day" other="# days" />. Only the records of your payments
          stay, without your name or email address, because tax law requires us to keep them.
        </Trans>
      </p>
      <p>
        <Trans>
          Support messages and bug reports are deleted after <Plural value={supportMonths} one="# month" other="# months" />.
        </Trans>
      </p>
    </>
  )
}

export function PrivacyRightsBody() {
  return (
    <>
      <p>
        <Trans>
          You can download a copy of your data in a portable format (a JSON file with links to your videos and uploads)
          and delete your account yourself: both are in the account menu once you are signed in.
        </Trans>
      </p>
      <p>
        <Trans>
          You can also ask us to correct your data, or restrict or object to its processing, and you can complain to a
          data protection authority. To use these rights, contact us as described below.
        </Trans>
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
