import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

// Terms sections 5 to 9 (spec §2 Terms): content, conduct, IP, termination, liability.

export function TermsContentBody() {
  return (
    <>
      <p>
        <Trans>You keep your rights to the prompts, images, audio and videos you upload and, as far as the law allows, to the videos you generate.</Trans>
      </p>
      <p>
        <Trans>You allow us to store, process and show this content only as far as needed to provide Actorly to you.</Trans>
      </p>
      <p>
        <Trans>
          You must hold every right and permission needed for what you upload, including the consent of each person whose face or voice appears in it.
        </Trans>
      </p>
      <p>
        <Trans>Videos made with Actorly are synthetic. Do not present them as real recordings of a person in a way that could mislead others.</Trans>
      </p>
    </>
  )
}

export function TermsConductBody() {
  return (
    <>
      <p>
        <Trans>You must not use Actorly to:</Trans>
      </p>
      <ul>
        <li>
          <Trans>impersonate a real person without their consent or create deceptive deepfakes;</Trans>
        </li>
        <li>
          <Trans>create sexual content involving minors, or sexual content of any real person without consent;</Trans>
        </li>
        <li>
          <Trans>create content that is unlawful, hateful, harassing or violent, or that infringes others' rights;</Trans>
        </li>
        <li>
          <Trans>spread disinformation, commit fraud or run scams;</Trans>
        </li>
        <li>
          <Trans>attack, overload, reverse-engineer or scrape the service, or get around its limits.</Trans>
        </li>
      </ul>
      <p>
        <Trans>We may remove content and suspend accounts that break these rules.</Trans>
      </p>
    </>
  )
}

export function TermsIntellectualBody() {
  return (
    <>
      <p>
        <Trans>
          The Actorly app, its design, software, logo and sample videos belong to us or our licensors and are protected by intellectual property law.
        </Trans>
      </p>
      <p>
        <Trans>These terms give you a personal, non-exclusive right to use Actorly. They do not transfer any of our intellectual property to you.</Trans>
      </p>
    </>
  )
}

export function TermsTerminationBody() {
  return (
    <>
      <p>
        <Trans>
          You can stop using Actorly at any time and delete your account yourself in the account menu. Deleting it ends these terms; credits you have left are
          not paid out.
        </Trans>
      </p>
      <p>
        <Trans>
          We may suspend or close an account that breaks these terms or the law, or that puts other users or the service at risk. Where reasonable, we will tell
          you why beforehand.
        </Trans>
      </p>
      <p>
        <Trans>If we close your account without a breach on your part, we refund your unused credits.</Trans>
      </p>
    </>
  )
}

export function TermsDisclaimerBody() {
  return (
    <>
      <p>
        <Trans>
          Actorly is provided "as is" and "as available". We work hard to keep it running, but we cannot promise that it will always be available, uninterrupted
          or free of errors.
        </Trans>
      </p>
      <p>
        <Trans>AI-generated videos may contain mistakes or visual artefacts. You are responsible for how you use and publish them.</Trans>
      </p>
      <p>
        <Trans>
          As far as the law allows, we are not liable for indirect or consequential losses, and our total liability is limited to the amount you paid us in the
          twelve months before the claim. This does not limit liability for intent, gross negligence or injury to life, body or health.
        </Trans>
      </p>
      <p>
        <Trans>
          Questions about these terms? Write to us through the <Link to="/contact">contact page</Link>.
        </Trans>
      </p>
    </>
  )
}
