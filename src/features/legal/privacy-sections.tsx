import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { PrivacyContactBody, PrivacyProvidersBody, PrivacyRetentionBody, PrivacyRightsBody } from './privacy-sections-rights'

export interface PrivacySection {
  id: string
  title: MessageDescriptor
  Body: () => ReactElement
}

/** spec §2 Privacy: eight sections, in this order (1-based numbers in PRIVACY_COLLAPSED_SECTIONS). */
export const PRIVACY_SECTIONS: readonly PrivacySection[] = [
  { id: 'information', title: msg`Information we collect`, Body: InformationBody },
  { id: 'use', title: msg`How we use your information`, Body: UseBody },
  { id: 'payments', title: msg`Payments`, Body: PaymentsBody },
  { id: 'device', title: msg`Data stored on your device`, Body: DeviceBody },
  { id: 'providers', title: msg`Service providers`, Body: PrivacyProvidersBody },
  { id: 'retention', title: msg`How long we keep your data`, Body: PrivacyRetentionBody },
  { id: 'rights', title: msg`Your rights`, Body: PrivacyRightsBody },
  { id: 'contact', title: msg`Contact us`, Body: PrivacyContactBody },
]

function InformationBody() {
  return (
    <>
      <p>
        <Trans>We collect only what we need to run Actorly for you:</Trans>
      </p>
      <ul>
        <li>
          <Trans>Account: your email address and name, and the sign-in identity managed by Firebase Authentication.</Trans>
        </li>
        <li>
          <Trans>Credits: a ledger of the credits you buy, spend and get back after a failed generation.</Trans>
        </li>
        <li>
          <Trans>Generations: your prompts, settings and the videos Actorly creates for you.</Trans>
        </li>
        <li>
          <Trans>Uploaded media: the images, audio and videos you upload for lip sync or a consistent actor.</Trans>
        </li>
        <li>
          <Trans>Support: the messages and bug reports you send us, with your email address, which we email to our support team.</Trans>
        </li>
        <li>
          <Trans>Notifications, if you turn them on: your device’s push address and keys, and the language to notify you in.</Trans>
        </li>
      </ul>
    </>
  )
}

function UseBody() {
  return (
    <>
      <p>
        <Trans>
          We use your information to sign you in, create your videos, show your gallery, keep your credit balance
          correct, answer your support requests, and protect Actorly against abuse and fraud.
        </Trans>
      </p>
      <p>
        <Trans>
          We do not sell your personal data, we do not show you advertising, and we do not use your uploads or videos to
          train AI models.
        </Trans>
      </p>
    </>
  )
}

function PaymentsBody() {
  return (
    <>
      <p>
        <Trans>
          Card payments are handled by our payment provider on its own secure checkout page. We never see or store your
          card details; we only receive a confirmation of the payment, the amount paid and the credits bought, which we
          keep in your credits ledger.
        </Trans>
      </p>
      <p>
        <Trans>
          If a payment is refunded or disputed with your bank, the credits it bought are taken back from your balance,
          as far as you have not used them.
        </Trans>
      </p>
    </>
  )
}

function DeviceBody() {
  return (
    <>
      <p>
        <Trans>
          So that you can watch your videos offline, the app keeps videos you save, your gallery and unfinished
          generations in your browser's IndexedDB storage on this device. Your language choice is kept in local storage.
        </Trans>
      </p>
      <p>
        <Trans>
          This data stays on your device. You can remove it when you sign out, or at any time by clearing this site's
          data in your browser settings.
        </Trans>
      </p>
      <p>
        <Trans>
          When you delete your account, the app removes the account's data from this device at once, and from your
          other devices the next time they go online.
        </Trans>
      </p>
    </>
  )
}
