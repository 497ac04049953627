import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { SUPPORT_REPLY_HOURS } from '@contract/constants'

interface FaqEntry {
  question: MessageDescriptor
  answer: MessageDescriptor
}

/** spec §2 Contact: a fixed FAQ of CONTACT_FAQ_COUNT pairs, echoing the rules of spec §1. */
export const CONTACT_FAQ: readonly FaqEntry[] = [
  {
    question: msg`How do credits work?`,
    answer: msg`You buy credits in advance on the plans page. Each video uses credits, and the cost is shown before you start a generation.`,
  },
  {
    question: msg`Can I generate more than one video at a time?`,
    answer: msg`No, you can run one generation at a time. The next one can start as soon as the current video is finished. A generation that has started cannot be cancelled.`,
  },
  {
    question: msg`Can I get a refund?`,
    answer: msg`If a generation fails, you get its credits back or we run it again for you. Credits used for a successful generation are not refunded.`,
  },
  {
    question: msg`How quickly will you reply?`,
    answer: msg`We answer every message within ${SUPPORT_REPLY_HOURS} hours, usually much sooner.`,
  },
]

export function ContactFaq() {
  const { i18n } = useLingui()
  return (
    <section className="support-faq" aria-labelledby="contact-faq-title">
      <h2 id="contact-faq-title">
        <Trans>Frequently Asked Questions</Trans>
      </h2>
      <dl className="support-faq__list">
        {CONTACT_FAQ.map(({ question, answer }) => (
          <div key={question.id} className="support-faq__entry">
            <dt>{i18n._(question)}</dt>
            <dd>{i18n._(answer)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
